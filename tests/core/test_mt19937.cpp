// MT19937 made a block at a time (the normals NumPy draws from it: test_golden.cpp's seeded streams).
#include <random>

#include "mt19937.hpp"
#include "test_helpers.hpp"

using namespace attnlab;

TEST_CASE("Mt19937 gives the words of the standard's mt19937, across refills of its state") {
  for (const std::uint32_t seed : {0u, 1u, 20u, 5489u, 4294967295u}) {
    Mt19937 ours(seed);
    std::mt19937 standard(seed);  // NumPy's init_genrand and genrand_int32, as the C++ standard defines them
    bool same = true;
    for (int k = 0; k < 3 * 624 + 7 && same; ++k) same = ours() == standard();
    CHECK(same);
  }
  Mt19937 fixed(5489);  // the standard's own check: the 10,000th word for the default seed
  for (int k = 1; k < 10000; ++k) fixed();
  CHECK(fixed() == 4123659995u);
}
