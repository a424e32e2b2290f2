/* Emscripten 3.1.6 has no mmintrin.h, which Eigen's SSE path includes; the MMX types it needs come with xmmintrin.h. */
#include <xmmintrin.h>
