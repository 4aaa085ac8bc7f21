/* Keeps libvips out of the binary's startup libraries although the CVips target puts -lvips (and
 * GObject's and GLib's libraries) on the link line: the shim opens libvips with dlopen, so nothing
 * references them, and --as-needed drops them. The flag has to come before those libraries, and
 * linker flags from Package.swift come after them; the link's autolink entries (read from every
 * object file's .swift1_autolink_entries section, as Swift records `import`ed libraries) come
 * before, so the flag is recorded as one. The section is excluded from the linked binary. */
#if defined(__ELF__)
__asm__(".section .swift1_autolink_entries,\"e\",@progbits\n"
        ".asciz \"-Wl,--as-needed\"\n"
        ".previous\n");
#endif
