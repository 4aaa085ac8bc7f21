#ifndef CPLATFORM_H
#define CPLATFORM_H
#include <stddef.h>
#include <stdint.h>

/* Atomically swaps two paths (Linux renameat2 RENAME_EXCHANGE). Returns 0 on success, -1 with
 * errno set otherwise (for example on file systems that do not support it). */
int cplatform_rename_exchange(const char *a, const char *b);

/* Asks the kernel to start writing `length` bytes of `fd` from `offset` to disk now, without
 * waiting (Linux sync_file_range with SYNC_FILE_RANGE_WRITE; nothing elsewhere). The fsync at
 * the end of a file then waits for the last pieces only, not for the whole file. Errors are
 * ignored: the fsync reports them. */
void cplatform_start_writeback(int fd, long long offset, long long length);

/* Flushes to disk everything written on the file system that holds `path` (Linux syncfs), so
 * that an output of many files is made durable in one call before it is swapped into place,
 * instead of one fsync per file. Returns 0 on success; -1 with errno set otherwise, ENOSYS where
 * the system has no such call (the caller then flushes file by file). */
int cplatform_sync_filesystem(const char *path);

/* Grows the calling thread's heap to hold at least `bytes` more in one step, once per thread
 * (later calls asking no more do nothing). glibc grows a thread's own heap (every thread but
 * the main one has one) page by page, one mprotect call per page: a session log's parse
 * worker made 2,000 of them. Nothing is touched, so no memory is used until it is allocated. */
void cplatform_reserve_heap(size_t bytes);

/* Maps the first `size` bytes of the regular file open as `fd`, read-only and private, so a large
 * input is parsed where the kernel already holds it instead of being copied into fresh memory
 * (which cost a page fault per 4 KiB). Another program that cuts the file short while it is
 * mapped would make reading the lost pages stop the process with SIGBUS; here they read as zeros
 * instead, and cplatform_mapping_was_cut() says so, for the caller to report. Returns NULL with
 * errno set when the file cannot be mapped (an empty file, a file system without mmap, every
 * slot in use): the caller then reads it. A SIGBUS elsewhere goes to the handler that was there. */
const void *cplatform_map_file(int fd, size_t size);
/* 1 once a page of `mapping` has been lost (read as zeros), 0 otherwise. */
int cplatform_mapping_was_cut(const void *mapping);
/* Unmaps what cplatform_map_file() mapped. */
void cplatform_unmap_file(const void *mapping, size_t size);

/* Removes `path` and everything under it, without following symbolic links (nftw, deepest
 * first). A missing `path` is success. Returns 0 on success; -1 with errno set on the first entry
 * that cannot be removed (what could be removed is gone). For the folders chatrender made itself
 * (a scratch folder, the output a render replaced): a tenth of the time Foundation's removal took. */
int cplatform_remove_tree(const char *path);

/* For a process that renders once and exits: keeps freed blocks of up to 32 MiB in the process
 * (glibc's mallopt) instead of handing them back to the kernel and faulting fresh zeroed pages in
 * for the next one: the turns' buffers are made and dropped many times per render, and a photo's
 * display image once or twice a photo. One malloc arena per core, so each rendering thread reuses
 * its own freed blocks and a photo render's peak stays low. */
void cplatform_keep_freed_memory(void);

/* A per-thread bump allocator for one cmark-gfm parse at a time.
 *
 * cmark-gfm allocates every node, buffer and iterator through the `cmark_mem` it is given, and a
 * reply is parsed, walked once and thrown away; allocating from a bump region and dropping the
 * whole region afterwards replaces thousands of malloc/free pairs (and the tree walk that frees
 * them) per reply. `cmark_mem` has no context pointer, so the region is thread-local: each render
 * thread has its own.
 *
 * cplatform_arena_begin() claims this thread's region; it returns 0 if the region is already in
 * use on this thread (the caller then uses the ordinary allocator). cplatform_arena_end() drops
 * everything allocated since begin and keeps the first block for the next parse. Memory
 * allocated inside is only valid until then. */
int cplatform_arena_begin(void);
void cplatform_arena_end(void);
void *cplatform_arena_calloc(size_t count, size_t size);
void *cplatform_arena_realloc(void *pointer, size_t size);
void cplatform_arena_free(void *pointer);

/* cmark-gfm's special-character table, made safe for parses finishing on many threads at once
 * (see cmark_special_characters.c). cplatform_cmark_pin_special_characters() adds the characters
 * of the extensions attached to `parser` (a cmark_parser *) for good; 1 on success.
 * cplatform_cmark_calls_arrive() is 1 once cmark-gfm's own calls to manage the table have been
 * seen to reach our definition, which then makes them do nothing: only then may parses finish
 * without a lock. */
int cplatform_cmark_pin_special_characters(void *parser);
int cplatform_cmark_calls_arrive(void);
/* SHA-256's compression function (FIPS 180-4) applied to `blocks` whole 64-byte blocks at `data`,
 * updating the eight state words in place; padding and the length are the caller's. Uses the x86
 * SHA extensions when the processor has them (hashing a 20 MB photo source then takes about 15 ms
 * instead of 110), portable C otherwise. */
void cplatform_sha256_blocks(uint32_t state[8], const unsigned char *data, size_t blocks);
/* The portable C path alone, whatever the processor has: for the tests, which must check it on
 * machines with the SHA instructions too. */
void cplatform_sha256_blocks_portable(uint32_t state[8], const unsigned char *data, size_t blocks);

#endif
