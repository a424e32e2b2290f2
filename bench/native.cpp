// Native side of `npm run bench`: the engine's forward pass (every intermediate kept) at the issue's sizes.
// Prints one JSON line per size: {"n", "d_model", "heads", "median_ms", "reps"}.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "attention.hpp"
#include "lesson_json.hpp"

using namespace attnlab;

int main(int argc, char** argv) {
#ifdef __GLIBC__
  // Freed memory is kept for the next call, as the wasm heap keeps it: by default glibc maps each large matrix
  // anew and unmaps it when freed, so every call writes fresh pages, a page fault per 4 KB (on one machine that
  // tripled the forward pass at (512, 768, 12)). Both sides then measure the engine, not the kernel.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
  // "n,d,h" triples; the defaults are the sizes issue 7 names.
  std::vector<std::string> sizes(argv + 1, argv + argc);
  if (sizes.empty()) sizes = {"4,8,1", "16,64,2", "128,256,4", "512,768,12"};
  for (const auto& s : sizes) {
    int n = 0, d = 0, h = 0;
    if (std::sscanf(s.c_str(), "%d,%d,%d", &n, &d, &h) != 3) return 2;
    const std::string N = std::to_string(n), D = std::to_string(d);
    const std::string json = R"({"heads": )" + std::to_string(h) + R"(, "init": {"seed": 1, "draws": [
      {"name": "X", "shape": [)" +
                             N + "," + D + R"(]}, {"name": "W_Q", "shape": [)" + D + "," + D + R"(], "scale": 0.05},
      {"name": "W_K", "shape": [)" +
                             D + "," + D + R"(], "scale": 0.05}, {"name": "W_V", "shape": [)" + D + "," + D +
                             R"(], "scale": 0.05}]}})";
    Lesson lesson;
    if (!read_lesson(json, lesson).empty()) return 1;
    // Enough repetitions for about a second of work, at least 5.
    std::vector<double> ms;
    double total = 0;
    while (ms.size() < 5 || (total < 1000 && ms.size() < 2000)) {
      const auto t0 = std::chrono::steady_clock::now();
      const Trace t = compute_trace(lesson);
      const auto t1 = std::chrono::steady_clock::now();
      if (t.output.hasNaN()) return 1;
      ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
      total += ms.back();
    }
    std::sort(ms.begin(), ms.end());
    std::printf("{\"n\": %d, \"d_model\": %d, \"heads\": %d, \"median_ms\": %.6f, \"reps\": %zu}\n", n, d, h,
                ms[ms.size() / 2], ms.size());
  }
}
