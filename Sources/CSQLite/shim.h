// SQLite, read-only, for opencode's session database (opencode 1.2 and later).
#include <sqlite3.h>
