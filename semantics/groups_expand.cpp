// Instantiating a group rule at given ranks (docs/verification.md, "Axis groups"): every
// expression's slots are inferred, each use of a group is checked to be group-uniform, and slot
// attributes become axis attributes of the instance. The representative instance (one axis per
// group) is the one proof that covers every rank.
#include <algorithm>
#include <cctype>
#include <set>

#include "axon/core/composite.h"
#include "axon/core/error.h"
#include "axon/core/op_table.h"
#include "axon/semantics/groups.h"

namespace axon {

namespace {

std::string strip(std::string s) {
  s.erase(std::remove(s.begin(), s.end(), ' '), s.end());
  return s;
}

int64_t int_of(const std::string& text, const std::string& field) {
  const std::string t = strip(text);
  try {
    size_t used = 0;
    int64_t v = std::stoll(t, &used);
    if (used == t.size()) return v;
  } catch (const std::exception&) {
  }
  throw UserError(field + ": expected an integer, got \"" + text + "\"");
}

class Expander {
 public:
  Expander(const GroupedRuleFile& f, const GroupRanks& ranks) : f_(f) {
    for (const auto& name : f.groups) {
      auto it = ranks.find(name);
      rank_.push_back(it == ranks.end() ? -1 : it->second);
      if (rank_.back() < -1) throw UserError("group " + name + ": negative rank");
    }
  }

  std::set<int> used;  // groups the expression touches

  // The axes' size names of group g at this instance.
  std::vector<std::string> axes_names(int g) const {
    if (rank_[g] < 0) return {f_.groups[g]};
    std::vector<std::string> out;
    for (int i = 1; i <= rank_[g]; ++i) out.push_back(f_.groups[g] + "_" + std::to_string(i));
    return out;
  }
  // A size of the representative file (group names stand for |B|) at this instance.
  Size compose(const Size& s) const {
    Size out(0);
    for (const auto& [mono, coef] : s.terms()) {
      Size term(coef);
      for (const auto& sym : mono) {
        auto it = std::find(f_.groups.begin(), f_.groups.end(), sym);
        if (it == f_.groups.end()) {
          term = term * Size::symbol(sym);
          continue;
        }
        for (const auto& a : axes_names(static_cast<int>(it - f_.groups.begin()))) term = term * Size::symbol(a);
      }
      out = out + term;
    }
    return out;
  }
  int width(const Slot& s) const { return s.group < 0 || rank_[s.group] < 0 ? 1 : rank_[s.group]; }
  int rank_of(const SlotLayout& l) const {
    int r = 0;
    for (const auto& s : l) r += width(s);
    return r;
  }
  // The axes of slot k of a layout.
  std::vector<int64_t> axes_of(const SlotLayout& l, size_t k) const {
    int64_t off = 0;
    for (size_t i = 0; i < k; ++i) off += width(l[i]);
    std::vector<int64_t> out;
    for (int i = 0; i < width(l[k]); ++i) out.push_back(off + i);
    return out;
  }
  std::string slot_name(const Slot& s) const {
    if (s.group < 0) return "an axis";
    return (s.unit ? "the unit axes of group " : "group ") + f_.groups[s.group];
  }

  std::pair<RuleExpr, SlotLayout> expand(const RuleExpr& e) {
    if (e.kind == RuleExpr::Kind::Number) return {e, {}};
    if (e.kind == RuleExpr::Kind::Name) {
      auto it = f_.input_slots.find(e.name);
      if (it == f_.input_slots.end()) return {e, {}};  // the builder reports the unknown name
      for (const auto& s : it->second)
        if (s.group >= 0) used.insert(s.group);
      return {e, it->second};
    }
    RuleExpr out = e;
    std::vector<SlotLayout> in;
    for (size_t i = 0; i < e.args.size(); ++i) {
      auto [a, l] = expand(e.args[i]);
      out.args[i] = std::move(a);
      in.push_back(std::move(l));
    }
    try {
      SlotLayout l = op(out, in);
      return {std::move(out), std::move(l)};
    } catch (const UserError& err) {
      throw UserError(e.name + ": " + err.what());
    }
  }

  // Broadcasting of slot layouts, right-aligned: a group meets the same group (a group's unit
  // axes broadcast against it) or nothing.
  SlotLayout broadcast(const std::vector<SlotLayout>& ls) const {
    size_t n = 0;
    for (const auto& l : ls) n = std::max(n, l.size());
    SlotLayout out(n);
    std::vector<bool> set(n, false);
    for (const auto& l : ls) {
      for (size_t k = 0; k < l.size(); ++k) {
        const size_t d = n - l.size() + k;
        const Slot& s = l[k];
        if (!set[d]) {
          out[d] = s;
          set[d] = true;
        } else if (out[d].group != s.group) {
          throw UserError("operands do not line up by slots: " + slot_name(out[d]) + " against " + slot_name(s) +
                          " (a group meets only the same group, or nothing)");
        } else {
          out[d].unit = out[d].unit && s.unit;
        }
      }
    }
    return out;
  }

 private:
  RuleExpr::AttrValue* attr(RuleExpr& e, const std::string& key) {
    for (auto& [k, v] : e.attrs)
      if (k == key) return &v;
    return nullptr;
  }
  void set_int(RuleExpr& e, const std::string& key, int64_t v) {
    RuleExpr::AttrValue a;
    a.text = std::to_string(v);
    if (auto* p = attr(e, key)) *p = a;
    else e.attrs.emplace_back(key, a);
  }
  void set_list(RuleExpr& e, const std::string& key, const std::vector<std::string>& items) {
    RuleExpr::AttrValue a;
    a.is_list = true;
    a.items = items;
    if (auto* p = attr(e, key)) *p = a;
    else e.attrs.emplace_back(key, a);
  }
  size_t slot_index(int64_t v, size_t n, const std::string& field) const {
    const auto r = static_cast<int64_t>(n);
    if (v < -r || v >= r)
      throw UserError(field + ": slot " + std::to_string(v) + " out of range for " + std::to_string(n) + " slots");
    return static_cast<size_t>(v < 0 ? v + r : v);
  }
  // A single-axis attribute (`axis=`): the slot must be an axis, not a group.
  void single_axis(RuleExpr& e, const SlotLayout& l, const std::string& key, std::optional<int64_t> dflt) {
    auto* a = attr(e, key);
    if (!a && !dflt) return;
    const int64_t v = a ? int_of(a->text, e.name + "." + key) : *dflt;
    const size_t k = slot_index(v, l.size(), e.name + "." + key);
    if (l[k].group >= 0) throw UserError(key + " " + std::to_string(v) + " is " + slot_name(l[k]) + ": this op acts along a single axis");
    set_int(e, key, axes_of(l, k)[0]);
  }
  // A shape list of slots (`B...` a group's axes): the instance's items and the layout.
  SlotLayout shape_items(RuleExpr& e, const std::string& key) {
    auto* a = attr(e, key);
    if (!a) return {};
    if (!a->is_list) return {};  // the builder reports it
    SlotLayout l;
    std::vector<std::string> items;
    for (const auto& raw : a->items) {
      const std::string t = strip(raw);
      if (t.size() > 3 && t.compare(t.size() - 3, 3, "...") == 0) {
        const std::string name = t.substr(0, t.size() - 3);
        auto it = std::find(f_.groups.begin(), f_.groups.end(), name);
        if (it == f_.groups.end()) throw UserError(key + ": " + name + " is not a declared group");
        const int g = static_cast<int>(it - f_.groups.begin());
        used.insert(g);
        l.push_back({g, false});
        for (const auto& n : axes_names(g)) items.push_back(n);
      } else {
        l.push_back({});
        items.push_back(size_text(t));
      }
    }
    a->items = items;
    return l;
  }
  // A size expression's text at this instance: each group name (`|B|` in the file) replaced by
  // the product of its axes' sizes, parenthesized; everything else as written, for the builder.
  std::string size_text(const std::string& raw) const {
    const std::string t = strip(raw);
    std::string out;
    for (size_t i = 0; i < t.size();) {
      if (!(std::isalpha(static_cast<unsigned char>(t[i])) || t[i] == '_')) {
        out += t[i++];
        continue;
      }
      size_t j = i;
      while (j < t.size() && (std::isalnum(static_cast<unsigned char>(t[j])) || t[j] == '_')) ++j;
      const std::string id = t.substr(i, j - i);
      auto it = std::find(f_.groups.begin(), f_.groups.end(), id);
      if (it == f_.groups.end()) {
        out += id;
      } else {
        const auto names = axes_names(static_cast<int>(it - f_.groups.begin()));
        std::string prod;
        for (const auto& n : names) prod += (prod.empty() ? "" : "*") + n;
        out += names.empty() ? "1" : "(" + prod + ")";
      }
      i = j;
    }
    return out;
  }
  std::string bound_text(const std::string& raw) const { return size_text(raw); }
  // A size list attribute without slots (`divisor`): sizes composed.
  void size_items(RuleExpr& e, const std::string& key) {
    auto* a = attr(e, key);
    if (!a || !a->is_list) return;
    for (auto& it : a->items) {
      const std::string t = strip(it);
      if (t.find("...") != std::string::npos) throw UserError(key + ": a group's axes do not belong here");
      it = size_text(t);
    }
  }

  SlotLayout op(RuleExpr& e, const std::vector<SlotLayout>& in) {
    if (auto c = parse_composite(e.name)) {
      if (in.empty()) return {};
      const SlotLayout& x = in[0];
      if (*c == Composite::CausalMask) {
        for (size_t k = x.size() >= 2 ? x.size() - 2 : 0; k < x.size(); ++k)
          if (x[k].group >= 0) throw UserError("its last two slots must be single axes, not " + slot_name(x[k]));
        return x;
      }
      if (!x.empty()) single_axis(e, x, "axis", -1);
      for (size_t i = 1; i < in.size(); ++i)
        for (const auto& s : in[i])
          if (s.group >= 0) throw UserError("operand " + std::to_string(i + 1) + " lies along one axis; it has " + slot_name(s));
      return x;
    }
    auto maybe = parse_op(e.name);
    if (!maybe || *maybe == Op::Input) return {};  // the builder reports it
    const Op o = *maybe;
    // Too few operands: the builder reports the arity.
    if ((op_kind(o) != OpKind::Source && in.empty()) || (op_kind(o) == OpKind::Contraction && in.size() < 2)) return {};
    switch (op_kind(o)) {
      case OpKind::Unary: case OpKind::Binary: case OpKind::Compare: case OpKind::Select: return broadcast(in);
      case OpKind::Source: {
        SlotLayout l = shape_items(e, "shape");
        size_items(e, "divisor");
        if (o == Op::Iota) single_axis(e, l, "axis", std::nullopt);
        return l;
      }
      case OpKind::Reduce: {
        const SlotLayout& x = in.at(0);
        auto* a = attr(e, "axes");
        if (!a || !a->is_list) return x;  // the builder reports it
        std::set<size_t> slots;
        for (const auto& it : a->items) slots.insert(slot_index(int_of(it, e.name + ".axes"), x.size(), e.name + ".axes"));
        const auto* kd = attr(e, "keepdims");
        const bool keep = kd && strip(kd->text) == "true";
        std::vector<std::string> axes;
        SlotLayout out;
        for (size_t k = 0; k < x.size(); ++k) {
          if (!slots.count(k)) {
            out.push_back(x[k]);
            continue;
          }
          for (int64_t ax : axes_of(x, k)) axes.push_back(std::to_string(ax));
          if (keep) out.push_back({x[k].group, x[k].group >= 0});
        }
        if (axes.empty()) {
          // Only groups of rank 0 are reduced: a reduction over no axis is its operand.
          RuleExpr arg = e.args.at(0);
          e = std::move(arg);
          return out;
        }
        set_list(e, "axes", axes);
        return out;
      }
      case OpKind::Contraction: {
        const SlotLayout &a = in.at(0), &b = in.at(1);
        auto tail = [&](const SlotLayout& l, const char* which) {
          for (size_t k = l.size() >= 2 ? l.size() - 2 : 0; k < l.size(); ++k)
            if (l[k].group >= 0) throw UserError(std::string("operand ") + which + ": its matrix slots must be single axes, not " + slot_name(l[k]));
        };
        tail(a, "a");
        tail(b, "b");
        const bool a_vec = a.size() == 1, b_vec = b.size() == 1;
        SlotLayout ba(a.begin(), a.end() - std::min<size_t>(a.size(), 2)), bb(b.begin(), b.end() - std::min<size_t>(b.size(), 2));
        SlotLayout out = broadcast({ba, bb});
        if (!a_vec && !a.empty()) out.push_back({});
        if (!b_vec && !b.empty()) out.push_back({});
        return out;
      }
      case OpKind::Layout: break;
    }
    const SlotLayout& x = in.at(0);
    switch (o) {
      case Op::Transpose: {
        std::vector<size_t> perm;
        if (auto* a = attr(e, "perm"); a && a->is_list) {
          for (const auto& it : a->items) perm.push_back(slot_index(int_of(it, "transpose.perm"), x.size(), "transpose.perm"));
          if (perm.size() != x.size()) throw UserError("perm: " + std::to_string(perm.size()) + " slots for " + std::to_string(x.size()));
        } else {
          for (size_t k = x.size(); k-- > 0;) perm.push_back(k);  // reversed slots; a group keeps its axes' order
        }
        std::vector<std::string> axes;
        SlotLayout out;
        for (size_t k : perm) {
          for (int64_t ax : axes_of(x, k)) axes.push_back(std::to_string(ax));
          out.push_back(x[k]);
        }
        set_list(e, "perm", axes);
        return out;
      }
      case Op::Reshape: return shape_items(e, "shape");
      case Op::BroadcastTo: {
        SlotLayout out = shape_items(e, "shape");
        if (out.size() < x.size()) return out;  // the builder reports it
        for (size_t k = 0; k < x.size(); ++k) {
          const Slot& s = x[k];
          const Slot& t = out[out.size() - x.size() + k];
          if (s.group != t.group)
            throw UserError("slot " + std::to_string(k) + " is " + slot_name(s) + " but the target has " + slot_name(t) + " there");
        }
        return out;
      }
      case Op::Slice:
        single_axis(e, x, "axis", std::nullopt);
        for (const char* key : {"start", "end"})
          if (auto* a = attr(e, key); a && !a->is_list) a->text = bound_text(a->text);
        return x;
      case Op::Concat:
        for (size_t i = 1; i < in.size(); ++i)
          if (in[i] != x) throw UserError("operands' slots differ (operand " + std::to_string(i + 1) + ")");
        single_axis(e, x, "axis", std::nullopt);
        return x;
      case Op::Reverse: {
        auto* a = attr(e, "axes");
        if (!a || !a->is_list) return x;
        std::set<size_t> slots;
        for (const auto& it : a->items) slots.insert(slot_index(int_of(it, "reverse.axes"), x.size(), "reverse.axes"));
        std::vector<std::string> axes;
        for (size_t k : slots)
          for (int64_t ax : axes_of(x, k)) axes.push_back(std::to_string(ax));
        if (axes.empty()) {
          RuleExpr arg = e.args.at(0);
          e = std::move(arg);
          return x;
        }
        set_list(e, "axes", axes);
        return x;
      }
      case Op::Pad: {
        for (const char* key : {"before", "after"}) {
          auto* a = attr(e, key);
          if (!a || !a->is_list) continue;
          if (a->items.size() != x.size())
            throw UserError(std::string(key) + ": " + std::to_string(a->items.size()) + " amounts for " + std::to_string(x.size()) + " slots");
          std::vector<std::string> items;
          for (size_t k = 0; k < x.size(); ++k) {
            if (x[k].group >= 0 && int_of(a->items[k], std::string("pad.") + key) != 0)
              throw UserError(std::string(key) + ": slot " + std::to_string(k) + " is " + slot_name(x[k]) + ", which is not padded");
            for (int i = 0; i < width(x[k]); ++i) items.push_back(bound_text(a->items[k]));
          }
          a->items = items;
        }
        return x;
      }
      default: return x;
    }
  }

  const GroupedRuleFile& f_;
  std::vector<int> rank_;  // per group; -1: the representative axis, named as the group
};

}  // namespace

std::vector<std::string> groups_of(const GroupedRuleFile& f, const RuleDecl& r) {
  if (f.groups.empty()) return {};
  Expander x(f, {});
  x.expand(r.lhs);
  x.expand(r.rhs);
  std::vector<std::string> out;
  for (int g : x.used) out.push_back(f.groups[g]);
  return out;
}

RuleSpec instantiate_rule(const GroupedRuleFile& f, const RuleDecl& r, const GroupRanks& ranks) {
  for (const auto& [name, k] : ranks)
    if (std::find(f.groups.begin(), f.groups.end(), name) == f.groups.end())
      throw UserError("rule " + r.name + ": no group " + name);
  Expander x(f, ranks);
  RuleSpec s;
  s.name = r.name;
  s.line = r.line;
  s.where = f.file.path + ":" + std::to_string(r.line);
  for (const auto& name : f.file.sizes) {
    auto g = std::find(f.groups.begin(), f.groups.end(), name);
    if (g == f.groups.end()) {
      s.sizes.push_back(name);
      continue;
    }
    for (const auto& a : x.axes_names(static_cast<int>(g - f.groups.begin()))) {
      if (a != name && std::find(f.file.sizes.begin(), f.file.sizes.end(), a) != f.file.sizes.end())
        throw UserError(s.where + ": rule " + r.name + ": the axes of group " + name + " would be named " + a + ", a size of the file");
      s.sizes.push_back(a);
    }
  }
  for (const auto& in : f.file.inputs) {
    InputDecl d = in;
    d.shape.clear();
    const SlotLayout& l = f.input_slots.at(in.name);
    for (size_t k = 0; k < l.size(); ++k) {
      if (l[k].group < 0) {
        d.shape.push_back(x.compose(in.shape[k]));
        continue;
      }
      for (const auto& a : x.axes_names(l[k].group)) d.shape.push_back(Size::symbol(a));
    }
    s.inputs.push_back(std::move(d));
  }
  for (auto c : r.size_conds) {
    c.lhs = x.compose(c.lhs);
    c.rhs = x.compose(c.rhs);
    s.size_conds.push_back(std::move(c));
  }
  s.value_conds = r.value_conds;
  std::pair<RuleExpr, SlotLayout> lhs, rhs;
  try {
    lhs = x.expand(r.lhs);
    rhs = x.expand(r.rhs);
  } catch (const UserError& e) {
    throw UserError(s.where + ": rule " + r.name + ": " + e.what());
  }
  // Equal shapes at the representative instance are equal at every rank only when the sides'
  // slots agree (a rank-0 side is broadcast).
  if (!lhs.second.empty() && !rhs.second.empty() && lhs.second != rhs.second)
    throw UserError(s.where + ": rule " + r.name + ": the sides' slots differ (a group on one side stands against an axis, "
                    "another group or its unit axes on the other)");
  RuleExpr a = std::move(lhs.first), b = std::move(rhs.first);
  s.build = [a, b](Context& ctx, const std::map<std::string, const Node*>& in, const Bindings& bind) {
    return std::make_pair(build_rule_expr(a, ctx, in, bind), build_rule_expr(b, ctx, in, bind));
  };
  return s;
}

std::vector<RuleSpec> group_rules_of(const GroupedRuleFile& f) {
  if (f.groups.empty()) return rules_of(f.file);
  std::vector<RuleSpec> out;
  for (const auto& r : f.file.rules) out.push_back(instantiate_rule(f, r, {}));
  return out;
}

}  // namespace axon
