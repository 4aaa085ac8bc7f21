// zlib: raw inflate (inflateInit2 with windowBits -15) and CRC-32 for the zip reader, and
// compress2 for the site's search shards.
#include <zlib.h>
