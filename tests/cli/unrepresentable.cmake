# Regression tests of issue 34 item 5: an argument whose size or values pass int64 is refused
# with an overflow by impl (`eval`), as the spec refuses it (`eval --spec`), never answered; and
# audit judges `error` right on such an input. Included by tests/CMakeLists.txt after
# layoutref_cli_test is defined.
#   A = (2,2):(2^63-1,1) (A(3) = 2^63), B = (2,2^62):(2^62,1) (size 2^63), Z = (2^32,2^32):(0,0) (size 2^64).
set(unrep_a "(2,2):(9223372036854775807,1)")
set(unrep_b "(2,4611686018427387904):(4611686018427387904,1)")
set(unrep_z "(4294967296,4294967296):(0,0)")
foreach(op coalesce filter)
  layoutref_cli_test(unrepresentable_${op}_values RC 1 ARGS eval "${op}(${unrep_a})"
    LINES "64-bit overflow: the layout's values do not fit in int64" REJECT "^\\(2,2\\):")
  layoutref_cli_test(unrepresentable_${op}_size RC 1 ARGS eval "${op}(${unrep_b})"
    LINES "64-bit overflow: the layout's size does not fit in int64" REJECT "^\\(2,4611686018427387904\\):")
endforeach()
layoutref_cli_test(unrepresentable_right_inverse_values RC 1 ARGS eval "right_inverse(${unrep_a})"
  LINES "64-bit overflow: the layout's values do not fit in int64" REJECT "^2:2")
layoutref_cli_test(unrepresentable_right_inverse_size RC 1 ARGS eval "right_inverse(${unrep_b})"
  LINES "64-bit overflow: 2 \\* 4611686018427387904" REJECT "^2:")
layoutref_cli_test(unrepresentable_nullspace_values RC 1 ARGS eval "nullspace(${unrep_a})"
  LINES "64-bit overflow: the layout's values do not fit in int64" REJECT "_1:_0")
layoutref_cli_test(unrepresentable_nullspace_size RC 1 ARGS eval "nullspace(${unrep_b})"
  LINES "64-bit overflow" REJECT "_1:_0")
layoutref_cli_test(unrepresentable_max_alignment_size RC 1 ARGS eval "max_alignment(${unrep_z})"
  LINES "64-bit overflow: 4294967296 \\* 4294967296" REJECT "^_?1$")
layoutref_cli_test(unrepresentable_max_common_vector RC 1 ARGS eval "max_common_vector(4:1, ${unrep_a})"
  LINES "64-bit overflow: the layout's values do not fit in int64" REJECT "^_?1$")
layoutref_cli_test(unrepresentable_composition_a RC 1 ARGS eval "composition(${unrep_a}, 2:1)"
  LINES "64-bit overflow: coalesce\\(A\\)'s values do not fit in int64" REJECT "^2:9223372036854775807")
layoutref_cli_test(unrepresentable_composition_tiler RC 1 ARGS eval "composition(${unrep_b}, (2,_))"
  LINES "64-bit overflow: the result's size does not fit in int64" REJECT "^\\(2,4611686018427387904\\):")
layoutref_cli_test(unrepresentable_local_partition RC 1 ARGS eval "local_partition(make_identity_tensor((4,4)), ${unrep_a}, 0)"
  LINES "64-bit overflow: the thread layout's values do not fit in int64" REJECT "^ArithTuple")
layoutref_cli_test(unrepresentable_eval_size RC 1 ARGS eval "eval(${unrep_b}, 1)"
  LINES "64-bit overflow: 2 \\* 4611686018427387904" REJECT "^4611686018427387904$")
layoutref_cli_test(unrepresentable_slice_all RC 1 ARGS eval "slice(${unrep_b}, _)"
  LINES "64-bit overflow: 2 \\* 4611686018427387904" REJECT "^\\(2,4611686018427387904\\):")
# The edges that fit are answered: values 2^63 - 1 and -2^63.
layoutref_cli_test(unrepresentable_edge_largest RC 0 ARGS eval "coalesce((2,2):(9223372036854775806,1))"
  LAST "(2,2):(9223372036854775806,1)")
layoutref_cli_test(unrepresentable_edge_smallest RC 0 ARGS eval "coalesce(2:-9223372036854775808)" LAST "2:-9223372036854775808")
# audit: `error` is correct on these inputs (right_inverse's judge found it wrong from its
# preconditions alone), a claimed layout unsupported, a claimed value wrong; an admissible input
# refused is still wrong (the last line). impl refuses each too.
layoutref_cli_test(unrepresentable_audit RC 1 ARGS audit ${LAYOUTREF_CLI_DIR}/unrepresentable_audit.tsv
  LINES "unrepresentable_audit.tsv:3 coalesce correct .*does not fit in 64 bits.*\\[impl: refused\\]"
        "unrepresentable_audit.tsv:4 coalesce unsupported .*64-bit overflow"
        "unrepresentable_audit.tsv:5 filter correct .*\\[impl: refused\\]"
        "unrepresentable_audit.tsv:6 right_inverse correct .*does not fit in 64 bits.*\\[impl: refused\\]"
        "unrepresentable_audit.tsv:7 right_inverse unsupported .*64-bit overflow"
        "unrepresentable_audit.tsv:8 nullspace correct .*\\[impl: refused\\]"
        "unrepresentable_audit.tsv:9 nullspace unsupported .*64-bit overflow"
        "unrepresentable_audit.tsv:10 right_inverse correct .*does not fit in 64 bits.*\\[impl: refused\\]"
        "unrepresentable_audit.tsv:11 nullspace correct .*\\[impl: refused\\]"
        "unrepresentable_audit.tsv:12 max_alignment correct .*\\[impl: refused\\]"
        "unrepresentable_audit.tsv:13 max_alignment wrong .*does not fit in 64 bits"
        "unrepresentable_audit.tsv:14 max_common_layout correct .*\\[impl: refused\\]"
        "unrepresentable_audit.tsv:15 eval correct .*\\[impl: refused\\]"
        "unrepresentable_audit.tsv:16 right_inverse wrong refused an admissible input"
        "audit: 14 cases, 9 correct, 2 wrong, 3 unsupported, 0 malformed")
# conform: impl refuses every one of them (where the claim is `error`: "CuTe refuses too"); the
# admissible input of the last line is answered (differently from its claim: exit 1).
layoutref_cli_test(unrepresentable_conform RC 1 ARGS conform ${LAYOUTREF_CLI_DIR}/unrepresentable_audit.tsv
  LINES "conform: 14 cases, 0 literal, 0 functional, 1 different, 13 refused, 0 unsupported, 0 malformed")
# Issue 35: the spec's factor threw an overflow where a comparison's right side passed int64 though
# every value fits (table.hpp's lemma): `eval --spec` refused these, audit judged a layout claimed
# there unsupported and `error` correct. Both engines answer them now.
layoutref_cli_test(factor_overflow_spec_edge RC 0 ARGS eval --spec "coalesce((2,2):(9223372036854775806,1))"
  LAST "(2,2):(9223372036854775806,1)")
layoutref_cli_test(factor_overflow_spec RC 0 ARGS eval --spec "coalesce((2,2):(4611686018427387904,1))"
  LAST "(2,2):(4611686018427387904,1)")
layoutref_cli_test(factor_overflow_audit RC 1 ARGS audit ${LAYOUTREF_CLI_DIR}/factor_overflow_audit.tsv
  LINES "factor_overflow_audit.tsv:4 coalesce correct"
        "factor_overflow_audit.tsv:5 coalesce wrong refused an admissible input"
        "factor_overflow_audit.tsv:6 coalesce correct"
        "audit: 3 cases, 2 correct, 1 wrong, 0 unsupported, 0 malformed")
