// layoutref cli — the verification matrix of `layoutref verify` (issue 15): per operation, what
// checks it and how that went, from the steps' results (verify_steps.hpp) and the spec's unit
// tests, run now.
#include "verify_steps.hpp"

#include <cstdio>
#include <cstdlib>

namespace layoutref::cli {

namespace {

struct RowSpec {
  char const* operation;
  std::vector<char const*> spec;         ///< gtest suites of layoutref-spec-tests
  std::vector<char const*> impl;         ///< impl ≡ spec properties
  std::vector<char const*> laws;         ///< law properties
  char const* proof;                     ///< how far the proofs go (docs/laws.md, docs/proofs.md)
  std::vector<char const*> families;     ///< the law families (proofs/laws) behind it
  std::vector<char const*> conformance;  ///< operations of the conformance vectors
  std::vector<char const*> gpu;          ///< GPU check suites
  std::vector<char const*> operations;   ///< the rows of equiv's table it covers (every row is
                                         ///< some matrix row's: cli.DerivedLists.VerifyMatrixNamesEveryRow)
};

// The rows: docs/laws.md's tables by operation. A name that a step does not know (a property
// renamed, a family removed) would show as "not run": the ctest cli.verify_matrix_names checks
// every name against the programs (`layoutref verify --matrix-names`).
std::vector<RowSpec> const& rows() {
  static std::vector<RowSpec> const r = {
      {"size, cosize, rank, depth", {"IntTupleSize", "LayoutFunctionCosize"},
       {"queries.impl_matches_spec", "queries.impl_matches_spec_scaled_basis"},
       {"queries.law_size_is_product_cosize_is_max_plus_one", "queries.law_cosize_is_extent_of_image"}, "none (definitions)", {},
       {"size", "cosize", "rank", "depth"}, {},
       {"size", "cosize", "rank", "depth"}},
      {"eval, crd2idx, idx2crd", {"LayoutFunctionEvaluate", "LayoutFunctionCrd2idx", "LayoutFunctionIdx2crd"},
       {"coordinates.eval_impl_matches_spec", "coordinates.eval_impl_matches_spec_scaled_basis", "coordinates.crd2idx_idx2crd_impl_match_spec"},
       {"coordinates.law_crd2idx_idx2crd_inverse", "coordinates.law_natural_and_index_evaluation_agree"}, "all values (mixed-radix lemma)",
       {"coordinates", "radix"}, {"eval", "crd2idx", "idx2crd"}, {"eval", "tables", "sweep"},
       {"eval", "crd2idx", "idx2crd"}},
      {"coalesce, filter", {"Coalesce", "CoalesceByMode", "Filter", "FilterZeros"},
       {"coalesce.impl_matches_spec", "coalesce.by_profile_impl_matches_spec"},
       {"coalesce.law_keeps_function", "coalesce.law_normal_form", "coalesce.law_by_profile_keeps_function_and_rank",
        "coalesce.law_filter_keeps_the_image_set"},
       "bounded (s <= 256, d <= 65536); per input", {"coalesce"}, {"coalesce", "filter", "filter_zeros"}, {"eval"},
       {"coalesce", "filter", "filter_zeros"}},
      {"composition", {"Composition", "CompositionTiler", "CompositionExtension", "CompositionAdmissibility", "CompositionAssociativity"},
       {"composition.impl_matches_spec_composable", "composition.impl_matches_spec_tiler", "composition.impl_matches_spec_domain_edge",
        "composition.impl_matches_spec_inadmissible", "composition.impl_matches_spec_arbitrary"},
       {"composition.law_agrees_with_function_composition", "composition.law_associative", "composition.law_tiler_is_by_mode"},
       "all values (symbolic); bounded Shah laws (<= 15); per input", {"composition", "symbolic"}, {"composition"}, {"eval"},
       {"composition"}},
      {"complement", {"Complement"},
       {"complement.impl_matches_spec_complementable", "complement.impl_matches_spec_inadmissible", "complement.impl_matches_spec_arbitrary",
        "complement.impl_matches_spec_tuple_cotarget"},
       {"complement.law_concatenation_is_bijection", "complement.law_complement_of_complement", "complement.law_default_cotarget",
        "complement.law_result_is_coalesced"},
       "all values (ranks 1-4, mixed-radix lemma); per input", {"complement", "radix", "symbolic"}, {"complement"}, {"eval"},
       {"complement"}},
      {"right_inverse, left_inverse", {"RightInverse", "LeftInverse"}, {"inverse.impl_matches_spec"},
       {"inverse.law_right_inverse_is_identity_on_its_domain", "inverse.law_left_inverse_after_layout_is_identity",
        "inverse.law_bijection_inverses_coincide"},
       "the result's form for all values (symbolic, compact layouts); the identity bounded (<= 15); per input", {"inverse", "symbolic"},
       {"right_inverse", "left_inverse"}, {"eval"},
       {"right_inverse", "left_inverse"}},
      {"divides", {"DivideLogical", "DivideZipped", "DivideCheck", "DivideInadmissible"},
       {"divide.impl_matches_spec_divisible", "divide.impl_matches_spec_inadmissible", "divide.impl_matches_spec_arbitrary"},
       {"divide.law_first_mode_is_composition", "divide.law_variants_are_regroupings"},
       "all values by a tile: logical, zipped, tiled, flat (symbolic); bounded mode laws; per input", {"divide_product", "symbolic"},
       {"logical_divide", "zipped_divide", "tiled_divide", "flat_divide"}, {"eval"},
       {"logical_divide", "zipped_divide", "tiled_divide", "flat_divide"}},
      {"products", {"ProductLogical", "ProductZipped", "ProductBlocked", "ProductTileToShape"},
       {"product.impl_matches_spec_admissible", "product.impl_matches_spec_inadmissible", "product.blocked_raked_impl_matches_spec",
        "product.tile_to_shape_impl_matches_spec", "product.tile_to_shape_inadmissible_matches_spec"},
       {"product.law_first_mode_is_a", "product.law_second_mode_is_b_scaled", "product.law_variants_are_regroupings",
        "product.law_blocked_and_raked_cover_the_same_image", "product.law_tile_to_shape_fills_the_shape"},
       "all values for compact A, B: logical, zipped, tiled, flat (symbolic); bounded mode laws (tier 2); per input", {"divide_product", "symbolic"},
       {"logical_product", "zipped_product", "tiled_product", "flat_product", "blocked_product", "raked_product", "tile_to_shape"}, {"eval"},
       {"logical_product", "zipped_product", "tiled_product", "flat_product", "blocked_product", "raked_product", "tile_to_shape"}},
      {"swizzle", {"Swizzle", "SwizzleComposedLayout"}, {"swizzle.eval_impl_matches_spec", "swizzle.composition_impl_matches_spec"},
       {"swizzle.law_involution", "swizzle.law_composition_acts_on_the_domain"}, "all 32-bit values", {"swizzle"}, {}, {"eval", "tables"},
       {}},
      {"constructions", {"MakeLayout", "MakeOrderedLayout", "MakeLayoutLike", "MakeFragmentLike", "Nullspace", "MaxAlignment", "MaxCommon",
                         "Upcast", "Downcast", "DomainDistribute"},
       {"construct.unary_impl_matches_spec", "construct.make_ordered_layout_impl_matches_spec", "construct.upcast_downcast_impl_matches_spec",
        "construct.domain_distribute_impl_matches_spec", "construct.max_common_impl_matches_spec"},
       {"construct.law_nullspace_is_the_kernel", "construct.law_ordered_layout_is_compact", "construct.law_downcast_undoes_upcast"},
       "all values for compact forms (symbolic)", {"symbolic"},
       {"make_layout_like", "make_fragment_like", "make_ordered_layout", "nullspace", "max_alignment", "max_common_layout",
        "max_common_vector", "upcast", "downcast", "domain_distribute"},
       {},
       {"make_layout_like", "make_fragment_like", "make_ordered_layout", "nullspace", "max_alignment", "max_common_layout",
        "max_common_vector", "upcast", "downcast", "domain_distribute"}},
      {"modes (flatten, group, ...)", {"ModesFlatten", "ModesGroup", "ModesTake", "ModesSelect", "ModesAppend", "ModesPrepend", "ModesUnflatten",
                                       "MakeIdentityLayout"},
       {"modes.impl_matches_spec", "modes.identity_and_crd2crd_impl_match_spec"}, {}, "none (structure)", {}, {}, {},
       {"flatten", "group", "take", "select", "append", "prepend", "unflatten", "make_identity_layout", "crd2crd"}},
      {"tensors, partitions, MMA", {"Slice", "TensorSlice", "TensorPartition", "TensorElements", "MmaAtom", "TiledMma"},
       {"tensor.slice_impl_matches_spec", "tensor.local_tile_and_outer_partition_impl_match_spec", "tensor.local_partition_impl_matches_spec",
        "tensor.mma_partition_impl_matches_spec"},
       {"tensor.law_local_tile_covers_once", "tensor.law_local_partition_covers_once", "tensor.law_mma_partitions_cover_the_tile"},
       "all values: slices, local_tile, local_partition, TiledMMA partitions (symbolic coverage laws)", {"symbolic"},
       {"identity_local_tile", "identity_local_partition", "identity_mma_partition_A", "identity_mma_partition_B", "identity_mma_partition_C"},
       {"tensor"},
       {"make_identity_tensor", "slice", "local_tile", "inner_partition", "outer_partition", "local_partition", "identity_local_tile",
        "identity_local_partition", "mma_partition_A", "mma_partition_B", "mma_partition_C", "identity_mma_partition_A",
        "identity_mma_partition_B", "identity_mma_partition_C"}},
      {"notation", {}, {}, {"notation.law_parse_after_print_is_identity", "notation.law_impl_and_spec_round_trip"}, "none (text)", {}, {}, {},
       {}},
  };
  return r;
}

// "pass (3)", "FAIL (1 of 3)", "not run (2 of 3)", "known (1), pass (2)", or "—".
std::string combine(std::vector<char const*> const& names, StepReport const& step, bool& fail) {
  if (names.empty()) return "—";
  long pass = 0, failed = 0, known = 0, not_run = 0;
  for (auto const* n : names) {
    auto it = step.items.find(n);
    std::string v = it == step.items.end() ? "not run" : it->second;
    if (v == "pass") ++pass;
    else if (v == "known") ++known;
    else if (v == "FAIL") ++failed;
    else ++not_run;
  }
  long total = static_cast<long>(names.size());
  if (failed > 0) {
    fail = true;
    return "FAIL (" + std::to_string(failed) + " of " + std::to_string(total) + ")";
  }
  if (not_run > 0) return "not run (" + std::to_string(not_run) + " of " + std::to_string(total) + ")";
  if (known > 0) return "pass (" + std::to_string(pass) + "), known (" + std::to_string(known) + ")";
  return "pass (" + std::to_string(pass) + ")";
}

}  // namespace

std::vector<std::pair<std::string, std::string>> matrix_names() {
  std::vector<std::pair<std::string, std::string>> out;
  for (auto const& r : rows()) {
    for (auto const* n : r.spec) out.push_back({"spec", n});
    for (auto const* n : r.impl) out.push_back({"property", n});
    for (auto const* n : r.laws) out.push_back({"property", n});
    for (auto const* n : r.families) out.push_back({"family", n});
    for (auto const* n : r.conformance) out.push_back({"conformance", n});
    for (auto const* n : r.gpu) out.push_back({"gpu", n});
    for (auto const* n : r.operations) out.push_back({"operation", n});
  }
  return out;
}

Matrix verification_matrix(std::map<std::string, OperationCounts> const& conformance, StepReport const& proofs,
                           StepReport const& properties, StepReport const& gpu) {
  Matrix m;
  StepReport spec_rep;
  std::filesystem::path spec_tests = step_program(spec_rep, "layoutref-spec-tests", "built with the tests");
  for (auto const& r : rows()) {
    Matrix::Row row;
    row.operation = r.operation;
    if (r.spec.empty()) {
      row.spec = "—";
    } else if (spec_tests.empty()) {
      row.spec = "not built";
    } else {
      std::string filter;
      for (auto const* sname : r.spec) filter += std::string(filter.empty() ? "" : ":") + sname + ".*";
      std::string command = shell_quote(spec_tests.string()) + " --gtest_filter=" + shell_quote(filter) + " >/dev/null 2>&1";
      int rc = std::system(command.c_str());
      row.spec = rc == 0 ? "pass (" + std::to_string(r.spec.size()) + " suites)" : "FAIL";
      if (rc != 0) row.fail = true;
    }
    row.impl = combine(r.impl, properties, row.fail);
    row.laws = combine(r.laws, properties, row.fail);
    row.proof = r.proof;
    if (!r.families.empty()) {
      bool proof_fail = false;
      std::string how = combine(r.families, proofs, proof_fail);
      row.fail = row.fail || proof_fail;
      row.proof += std::string(" [") + (proof_fail ? how : how.rfind("pass", 0) == 0 ? "proved now" : how) + "]";
    }
    if (r.conformance.empty()) {
      row.conformance = "—";
    } else {
      OperationCounts c;
      for (auto const* op : r.conformance) {
        auto it = conformance.find(op);
        if (it == conformance.end()) continue;
        c.cases += it->second.cases;
        c.correct += it->second.correct;
        c.wrong += it->second.wrong;
        c.known += it->second.known;
      }
      row.conformance = std::to_string(c.cases) + " cases, " + std::to_string(c.correct) + " correct" +
                        (c.known > 0 ? ", " + std::to_string(c.known) + " known-cute" : "");
      if (c.wrong != c.known) row.fail = true;
    }
    row.gpu = combine(r.gpu, gpu, row.fail);
    m.rows.push_back(row);
  }
  return m;
}

std::string Matrix::text() const {
  std::string out = "\nverification matrix (per operation; docs/laws.md, docs/proofs.md):\n";
  char line[1024];
  for (auto const& r : rows) {
    std::snprintf(line, sizeof line, "  %s%s\n    spec unit tests: %s | impl ≡ spec: %s | laws: %s\n    proof: %s\n    conformance: %s | GPU: %s\n",
                  r.operation.c_str(), r.fail ? "  <-- FAIL" : "", r.spec.c_str(), r.impl.c_str(), r.laws.c_str(), r.proof.c_str(),
                  r.conformance.c_str(), r.gpu.c_str());
    out += line;
  }
  return out;
}

}  // namespace layoutref::cli
