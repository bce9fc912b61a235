# Hardened binaries, as Debian builds its packages (dpkg-buildflags, hardening=+bindnow): PIE, stack
# protector, fortified glibc calls, full RELRO. Included from the top-level CMakeLists.txt before any target.
option(DVMLENS_HARDENING "Build with PIE, -fstack-protector-strong, _FORTIFY_SOURCE=2 and -z relro -z now" ON)
if(NOT DVMLENS_HARDENING OR NOT CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    return()
endif()

include(CheckPIESupported)
check_pie_supported(LANGUAGES CXX)
set(CMAKE_POSITION_INDEPENDENT_CODE ON)

add_compile_options(-fstack-protector-strong)
# _FORTIFY_SOURCE only works with optimisation (glibc warns at -O0), so Debug builds go without. A level
# the compiler or CXXFLAGS already set is replaced, not redefined (which would be a warning).
if(NOT CMAKE_CXX_FLAGS MATCHES "_FORTIFY_SOURCE")
    add_compile_options($<$<NOT:$<CONFIG:Debug>>:-U_FORTIFY_SOURCE> $<$<NOT:$<CONFIG:Debug>>:-D_FORTIFY_SOURCE=2>)
endif()
add_link_options(LINKER:-z,relro LINKER:-z,now)
