// Axis groups in rules files (docs/verification.md, "Axis groups"): a `group B` stands for any
// number of axes of any sizes. A group rule is proved once with each group collapsed to one
// representative axis (of size |B|), which holds for every rank; it can also be instantiated at
// any ranks (each group expanded into that many axes) for the ordinary per-rank prover.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "axon/semantics/rules.h"
#include "axon/semantics/verify.h"

namespace axon {

// One slot of a written shape: a single axis, or a whole group (`B...`), or a group's axes all
// of size 1 (what a reduction with keepdims leaves of a group).
struct Slot {
  int group = -1;     // index into GroupedRuleFile::groups; -1: a single axis
  bool unit = false;  // a group's axes, each of size 1
  bool operator==(const Slot& o) const { return group == o.group && unit == o.unit; }
};
using SlotLayout = std::vector<Slot>;

struct GroupedRuleFile {
  // The file with each group as a size of its name: the shapes are those of the representative
  // instance (one axis per group); attributes still count slots and keep `B...` in shape lists.
  RuleFile file;
  std::vector<std::string> groups;
  std::map<std::string, SlotLayout> input_slots;  // per input
};

// Parses a rules file that may declare groups (a file without groups parses as parse_rules
// does). Throws UserError "<path>:<line>: <reason>".
GroupedRuleFile parse_grouped_rules(std::string_view text, const std::string& path);
GroupedRuleFile load_grouped_rules(const std::string& path);

// The groups a rule's inputs use (names), in declaration order.
std::vector<std::string> groups_of(const GroupedRuleFile& f, const RuleDecl& r);

// Group ranks: name -> number of axes (0 and up). A group missing from the map keeps one
// representative axis named as the group itself.
using GroupRanks = std::map<std::string, int>;

// The rule at the given ranks, as an ordinary rule: group B at rank r has sizes B_1 .. B_r,
// `|B|` is their product, and slot attributes become axis attributes. Throws UserError (naming
// the rule and op) when a use of a group is not group-uniform.
RuleSpec instantiate_rule(const GroupedRuleFile& f, const RuleDecl& r, const GroupRanks& ranks);

// Every rule of the file at its representative instance (each group one axis): proving it
// proves the rule for every rank. For a file without groups, the same as rules_of(f.file).
std::vector<RuleSpec> group_rules_of(const GroupedRuleFile& f);

}  // namespace axon
