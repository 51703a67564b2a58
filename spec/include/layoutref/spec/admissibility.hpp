// layoutref::spec — admissibility answers and verdicts on claimed results.
#pragma once

#include <layoutref/spec/layout.hpp>

#include <optional>
#include <string>
#include <vector>

namespace layoutref::spec {

/// The answer of is_op_admissible: yes, or the violated condition with a witness.
struct Admissibility {
  bool ok = true;
  std::string condition;           ///< when !ok: "op.condition", e.g. "complement.stride_divisibility"
  std::string witness;             ///< when !ok: the concrete values that violate it
  std::vector<std::string> notes;  ///< remarks that hold either way (e.g. "cotarget 100 rounded up to 128")

  static Admissibility yes() { return {}; }
  static Admissibility no(std::string condition, std::string witness) {
    Admissibility a;
    a.ok = false;
    a.condition = std::move(condition);
    a.witness = std::move(witness);
    return a;
  }
  /// "condition: witness"
  std::string message() const { return ok ? std::string("admissible") : condition + ": " + witness; }
  /// Throw Error(Kind::inadmissible) when !ok.
  void require() const;
};

/// A claimed result: a layout, an integer, a coordinate, or "error" (the claim that the
/// operation has no result for these inputs).
struct Claim {
  bool error = false;
  Layout layout;
};

/// The verdict of check_op on a claimed result.
struct Judgement {
  bool correct = true;
  std::string detail;                 ///< why wrong; or remarks on a correct result
  std::optional<i64> index;           ///< the first 1-D index where the claim differs, when there is one
  std::string coordinate;             ///< that index as a natural coordinate of the claimed shape
  std::string claimed_value;
  std::string expected_value;
  bool depends_on_extension = false;  ///< the verdict relies on values of a layout past its size

  static Judgement right(std::string remark = {}) {
    Judgement j;
    j.detail = std::move(remark);
    return j;
  }
  static Judgement wrong(std::string why) {
    Judgement j;
    j.correct = false;
    j.detail = std::move(why);
    return j;
  }
};

}  // namespace layoutref::spec
