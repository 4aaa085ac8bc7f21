// libdeflate: a zlib stream made from a whole buffer in one call, for the search shards of a page
// in chunks (at level 1 in about half zlib's time, and smaller).
#include <libdeflate.h>
