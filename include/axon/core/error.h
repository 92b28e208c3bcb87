// Errors are data: a UserError is bad input (exit code 2) and knows where it happened; an
// InternalError is a bug in axon (exit code 3). Both print as one line.
#pragma once

#include <stdexcept>
#include <string>

namespace axon {

class UserError : public std::runtime_error {
 public:
  explicit UserError(std::string message) : std::runtime_error(std::move(message)) {}
  // Prefixes the place ("graph.json", "node 'y'", "attrs.axis") to the message.
  [[nodiscard]] UserError at(const std::string& place) const {
    return UserError(place + ": " + what());
  }
};

class InternalError : public std::logic_error {
 public:
  explicit InternalError(const std::string& message)
      : std::logic_error("internal error: " + message) {}
};

// Checks an internal invariant; never used for validating input.
#define AXON_CHECK(cond, msg)                                                     \
  do {                                                                            \
    if (!(cond)) throw ::axon::InternalError(std::string(__FILE__) + ":" +        \
                                             std::to_string(__LINE__) + ": " + (msg)); \
  } while (0)

}  // namespace axon
