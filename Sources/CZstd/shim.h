// zstd: streaming decompression (ZSTD_decompressStream), for the zstd-compressed threads of
// Zed's agent, read with a cap on what they decompress to.
#include <zstd.h>
