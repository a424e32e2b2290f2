// The calls every engine module has (the walkthrough's, the exercises' and the labs'): what the engine accepts,
// and the tests' deliberate crash.
#include <emscripten/emscripten.h>

#include <nlohmann/json.hpp>

#include "answer.hpp"
#include "limits.hpp"
#include "mask.hpp"

using namespace attnlab;
using namespace attnlab::wasm;
using nlohmann::json;

extern "C" {

// What the engine accepts that a page offers as choices, so the pages do not restate it.
EMSCRIPTEN_KEEPALIVE char* attn_schema() {
  json masks = json::array();
  for (MaskKind k : {MaskKind::none, MaskKind::causal, MaskKind::padding, MaskKind::matrix})
    masks.push_back(mask_name(k));
  return answer(dump({{"maxSeed", limits::max_seed},
                      {"maskKinds", masks},
                      {"maxTokens", limits::max_tokens},
                      {"maxDim", limits::max_dim},
                      {"maxHeads", limits::max_heads},
                      {"maxTraceNumbers", limits::max_trace_numbers}}));
}

// Tests only: stops the instance as a bug would (a WebAssembly.RuntimeError, "unreachable"), so the pages'
// restart-and-restore path can be exercised (engine.debugTrap()).
EMSCRIPTEN_KEEPALIVE void attn_debug_trap() { __builtin_trap(); }

}  // extern "C"
