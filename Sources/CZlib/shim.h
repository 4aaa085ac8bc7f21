// zlib: raw deflate (inflateInit2 with windowBits -15) and CRC-32 for the zip reader.
#include <zlib.h>
