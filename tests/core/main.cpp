// Catch2's main, in a file of its own so the test files recompile without it.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
