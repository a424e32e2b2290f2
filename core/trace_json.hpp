#pragma once
// The trace as JSON — the `attnlab trace` output, identical natively and in wasm:
// numbers with 17 significant digits (they read back to the same double), hidden cells as null.
#include <string>

#include "trace.hpp"

namespace attnlab {

std::string trace_to_json(const Trace& trace);

}  // namespace attnlab
