#ifndef CPLATFORM_H
#define CPLATFORM_H
/* Atomically swaps two paths (Linux renameat2 RENAME_EXCHANGE). Returns 0 on success, -1 with
 * errno set otherwise (for example on file systems that do not support it). */
int cplatform_rename_exchange(const char *a, const char *b);
#endif
