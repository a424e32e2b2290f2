#include "trace_json.hpp"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace attnlab {
namespace {

class Writer {
 public:
  std::string out;

  void number(double v) {
    if (!std::isfinite(v)) {
      out += "null";
      return;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    out += buf;
  }
  void text(const std::string& s) {
    out += nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
  void key(const char* k) {
    out += '"';
    out += k;
    out += "\":";
  }
  template <class Seq, class F>
  void list(const Seq& items, F each) {
    out += '[';
    bool first = true;
    for (const auto& item : items) {
      if (!first) out += ',';
      first = false;
      each(item);
    }
    out += ']';
  }
  void vector(const Vector& v) {
    out += '[';
    for (Eigen::Index i = 0; i < v.size(); ++i) {
      if (i) out += ',';
      number(v(i));
    }
    out += ']';
  }
  void matrix(const Matrix& m) {
    out += '[';
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
      if (r) out += ',';
      vector(m.row(r).transpose());
    }
    out += ']';
  }
  void field(const char* k, const Matrix& m) {
    key(k);
    matrix(m);
    out += ',';
  }
};

}  // namespace

std::string trace_to_json(const Trace& t) {
  Writer w;
  w.out += '{';
  w.key("tokens");
  w.list(t.tokens, [&](const std::string& s) { w.text(s); });
  if (t.token_ids) {
    w.out += ',';
    w.key("token_ids");
    w.list(*t.token_ids, [&](int id) { w.out += std::to_string(id); });
  }
  if (t.vocab) {
    w.out += ',';
    w.key("vocab");
    w.list(*t.vocab, [&](const std::string& s) { w.text(s); });
  }
  w.out += ",\"d_model\":" + std::to_string(t.d_model) + ",\"d_k\":" + std::to_string(t.d_k) +
           ",\"d_v\":" + std::to_string(t.d_v) + ",\"divisor\":";
  w.number(t.divisor);
  w.out += ',';
  w.key("heads");
  w.list(t.head, [&](const HeadTrace& h) {
    w.out += '{';
    w.field("Q", h.Q);
    w.field("K", h.K);
    w.field("V", h.V);
    w.field("scores", h.scores);
    w.field("scaled", h.scaled);
    w.field("masked", h.masked);
    w.field("weights", h.weights);
    w.field("Z", h.Z);
    w.key("softmax");
    w.out += "{\"max\":";
    w.vector(h.softmax.max);
    w.out += ",\"exp\":";
    w.matrix(h.softmax.exp);
    w.out += ",\"sum\":";
    w.vector(h.softmax.sum);
    w.out += "},";
    w.key("empty_rows");
    w.list(h.empty_rows, [&](int r) { w.out += std::to_string(r); });
    w.out += '}';
  });
  w.out += ',';
  w.field("concat", t.concat);
  w.key("output");
  w.matrix(t.output);
  w.out += "}\n";
  return w.out;
}

}  // namespace attnlab
