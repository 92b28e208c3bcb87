// Rules files with axis groups (docs/rules-format.md, "Axis groups"): `group B` lines, `B...` in
// input shapes and `|B|` in sizes. The text is rewritten to its representative instance (each
// group a size of its own name, one axis) and parsed by parse_rules; the slots of every input
// shape are kept beside it.
#include <algorithm>
#include <cctype>
#include <set>
#include <sstream>

#include "axon/core/error.h"
#include "axon/core/files.h"
#include "axon/semantics/groups.h"

namespace axon {

namespace {

std::string trim(std::string s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.erase(s.begin());
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  return s;
}

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `|B|` -> `B` for every declared group B (a `|` around anything else is left for the parser).
std::string replace_products(const std::string& s, const std::set<std::string>& groups) {
  std::string out;
  size_t i = 0;
  while (i < s.size()) {
    if (s[i] == '|') {
      size_t j = i + 1;
      while (j < s.size() && s[j] == ' ') ++j;
      size_t k = j;
      while (k < s.size() && ident_char(s[k])) ++k;
      size_t e = k;
      while (e < s.size() && s[e] == ' ') ++e;
      if (k > j && e < s.size() && s[e] == '|' && groups.count(s.substr(j, k - j))) {
        out += s.substr(j, k - j);
        i = e + 1;
        continue;
      }
    }
    out += s[i++];
  }
  return out;
}

// The identifiers of a size expression.
std::vector<std::string> idents(const std::string& s) {
  std::vector<std::string> out;
  for (size_t i = 0; i < s.size();) {
    if (std::isalpha(static_cast<unsigned char>(s[i])) || s[i] == '_') {
      size_t j = i;
      while (j < s.size() && ident_char(s[j])) ++j;
      out.push_back(s.substr(i, j - i));
      i = j;
    } else {
      ++i;
    }
  }
  return out;
}

}  // namespace

GroupedRuleFile parse_grouped_rules(std::string_view text, const std::string& path) {
  GroupedRuleFile g;
  std::set<std::string> groups;
  std::map<std::string, SlotLayout> slots;  // input name -> slots (inputs with groups only)
  std::ostringstream rewritten;
  // `group` and `input` lines are read here only where they begin a statement of their own (as
  // parse_rules splits statements); anywhere else they are text of another statement.
  std::map<int, int> statement_end;  // first line -> last line
  for (const auto& [first, last] : statement_lines(text)) statement_end[first] = last;
  std::istringstream in{std::string(text)};
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    try {
      std::string code = line.substr(0, line.find('#'));
      auto starts = statement_end.find(n);
      const bool own = starts != statement_end.end() && code.find_first_not_of(" \t\r") == 0;
      const bool declares = code.rfind("group ", 0) == 0 || code == "group" || (!groups.empty() && code.rfind("input ", 0) == 0);
      if (declares && own && starts->second != n)
        throw UserError("a group or input declaration of a file with groups goes on one line");
      if (declares && !own) {
        rewritten << (groups.empty() ? line : replace_products(code, groups)) << "\n";
        continue;
      }
      if (code.rfind("group ", 0) == 0 || code == "group") {
        if (trim(code.substr(5)).empty()) throw UserError("expected \"group NAME, ...\"");
        std::istringstream s(code.substr(5));
        std::string name;
        while (std::getline(s, name, ',')) {
          name = trim(name);
          if (!is_valid_symbol(name)) throw UserError("bad group name \"" + name + "\"");
          if (!groups.insert(name).second) throw UserError("group " + name + " declared twice");
          g.groups.push_back(name);
        }
        rewritten << "size" << code.substr(5) << "\n";  // the representative axis's size
        continue;
      }
      if (!groups.empty() && code.rfind("input ", 0) == 0) {
        const size_t colon = code.find(':'), open = code.find('[', colon), close = code.rfind(']');
        if (colon != std::string::npos && open != std::string::npos && close != std::string::npos && close > open) {
          SlotLayout layout;
          std::string dims, item;
          std::istringstream ds(code.substr(open + 1, close - open - 1));
          bool any_group = false;
          while (std::getline(ds, item, ',')) {
            std::string t = trim(item);
            if (t.empty()) continue;
            Slot slot;
            if (t.size() > 3 && t.compare(t.size() - 3, 3, "...") == 0) {
              const std::string name = trim(t.substr(0, t.size() - 3));
              auto it = std::find(g.groups.begin(), g.groups.end(), name);
              if (it == g.groups.end()) throw UserError("\"" + t + "\": " + name + " is not a declared group (add \"group " + name + "\")");
              slot.group = static_cast<int>(it - g.groups.begin());
              any_group = true;
              t = name;
            } else {
              // A group's name in a size is its product, written |B|.
              const std::string bare = [&] {
                std::string s = t;
                for (size_t p = s.find('|'); p != std::string::npos; p = s.find('|', p)) {
                  size_t q = s.find('|', p + 1);
                  if (q == std::string::npos) break;
                  s.erase(p, q - p + 1);
                }
                return s;
              }();
              for (const auto& id : idents(bare))
                if (groups.count(id))
                  throw UserError("\"" + t + "\": group " + id + " in a shape is " + id + "... (its axes) or |" + id + "| (their product)");
              t = replace_products(t, groups);
            }
            layout.push_back(slot);
            dims += (dims.empty() ? "" : ", ") + t;
          }
          std::istringstream ns(code.substr(6, colon - 6));
          std::string name;
          while (std::getline(ns, name, ','))
            if (!slots.emplace(trim(name), layout).second) throw UserError("input " + trim(name) + " declared twice");
          (void)any_group;
          rewritten << code.substr(0, open + 1) << dims << code.substr(close) << "\n";
          continue;
        }
      }
      rewritten << (groups.empty() ? line : replace_products(code, groups)) << "\n";
    } catch (const UserError& e) {
      throw UserError(path + ":" + std::to_string(n) + ": " + e.what());
    }
  }
  g.file = parse_rules(rewritten.str(), path);
  for (const auto& decl : g.file.inputs) {
    auto it = slots.find(decl.name);
    if (it != slots.end() && it->second.size() != decl.shape.size())
      throw UserError(path + ": input " + decl.name + ": its shape has " + std::to_string(decl.shape.size()) +
                      " sizes but its declaration was read as " + std::to_string(it->second.size()) + " slots");
    g.input_slots[decl.name] = it != slots.end() ? it->second : SlotLayout(decl.shape.size());
  }
  return g;
}

GroupedRuleFile load_grouped_rules(const std::string& path) {
  const std::string text = read_input_file(path, size_t{16} << 20, "rules file");
  return parse_grouped_rules(text, path);
}

}  // namespace axon
