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

namespace {

void heads(Writer& w, const std::vector<HeadTrace>& list) {
  w.key("heads");
  w.list(list, [&](const HeadTrace& h) {
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
    if (!h.given_rows.empty()) {  // (only a lesson with given weights has the key: other traces print as before)
      w.out += ',';
      w.key("given_rows");
      w.list(h.given_rows, [&](int r) { w.out += std::to_string(r); });
    }
    w.out += '}';
  });
  w.out += ',';
}

void dimensions(Writer& w, int d_k, int d_v, double divisor) {
  w.out += "\"d_k\":" + std::to_string(d_k) + ",\"d_v\":" + std::to_string(d_v) + ",\"divisor\":";
  w.number(divisor);
  w.out += ',';
}

void norm(Writer& w, const char* name, const NormTrace& n) {
  w.key(name);
  w.out += "{\"mean\":";
  w.vector(n.mean);
  w.out += ",\"var\":";
  w.vector(n.var);
  w.out += ',';
  w.field("normalized", n.normalized);
  w.key("output");
  w.matrix(n.output);
  w.out += "},";
}

void layer(Writer& w, const LayerTrace& l, bool decoder) {
  w.key("layer");
  w.out += "{\"norm\":";
  w.text(norm_name(l.norm));
  w.out += ",\"activation\":";
  w.text(activation_name(l.activation));
  w.out += ",\"eps\":";
  w.number(l.eps);
  w.out += ',';
  w.field("input", l.input);
  w.field("attention", l.attention);
  w.field("sum1", l.sum1);
  norm(w, "norm1", l.norm1);
  if (decoder) w.field("cross_attention", l.cross_attention);
  w.field("ffn_hidden", l.ffn.hidden);
  w.field("ffn_activated", l.ffn.activated);
  w.field("ffn_output", l.ffn.output);
  w.field("sum2", l.sum2);
  norm(w, "norm2", l.norm2);
  if (decoder) {
    w.field("sum3", l.sum3);
    norm(w, "norm3", l.norm3);
  }
  w.key("output");
  w.matrix(l.output);
  w.out += "},";
}

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
  w.out += ",\"d_model\":" + std::to_string(t.d_model) + ',';
  dimensions(w, t.d_k, t.d_v, t.divisor);
  if (t.P.size() > 0) {
    w.field("P", t.P);
    w.field("X_plus_P", t.X_plus_P);
  }
  if (t.source_tokens) {
    w.key("source");
    w.out += "{\"tokens\":";
    w.list(*t.source_tokens, [&](const std::string& s) { w.text(s); });
    w.out += ",\"X\":";
    w.matrix(t.source_X);
    w.out += "},";
  }
  heads(w, t.head);
  w.field("concat", t.concat);
  if (t.cross) {
    w.key("cross");
    w.out += '{';
    dimensions(w, t.cross->d_k, t.cross->d_v, t.cross->divisor);
    heads(w, t.cross->head);
    w.field("concat", t.cross->concat);
    w.key("output");
    w.matrix(t.cross->output);
    w.out += "},";
  }
  if (t.layer) layer(w, *t.layer, t.cross.has_value());
  w.key("output");
  w.matrix(t.output);
  w.out += "}\n";
  return w.out;
}

}  // namespace attnlab
