/* <burrow/burrow.h> is C99: this file is compiled with -std=c99 -Wall -Wextra
 * -Wpedantic -Werror as part of the build, so a header that stops being C fails it. */
#include <burrow/burrow.h>

int burrow_header_is_c99(void);
int burrow_header_is_c99(void) {
    burrow_make_options options = {sizeof options, 0, NULL, NULL, 0, NULL};
    return (int)options.struct_size + BURROW_VERSION_MAJOR;
}
