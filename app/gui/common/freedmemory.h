// SPDX-License-Identifier: MIT
// What the window does so its resident memory is what it holds, not what its stages once held.
// Core's stages allocate on worker threads, and glibc gives threads malloc arenas of their own:
// what one stage frees in its arenas is kept there for their next allocations, which the next
// stage, on other threads, does not make. On the 1.5 GB bench tree that is about 60 MB more.
#pragma once

// Few arenas (glibc's M_ARENA_MAX: 2, one per core of a small machine), so a stage reuses what
// the one before freed. Called first thing in main().
void shareMallocArenas();

// Gives the pages of freed heap memory back to the system (glibc's malloc_trim), after a stage
// freed a lot it will not allocate again.
void releaseFreedMemory();
