# Regression tests of issue 12 (soundness): each reproducer of the issue, run as a user runs it.
# Included by tests/CMakeLists.txt after layoutref_cli_test is defined.

# Item 7: a shape entry below 1 is bad input, named with its place, in every reader.
layoutref_cli_test(soundness_size_negative_shape RC 2 ARGS eval "size((-2,-3):(1,1))"
  LINES "shape entry -2 at line 1, column 7 is below 1" REJECT "^6")
layoutref_cli_test(soundness_size_negative_leaf RC 2 ARGS eval "size(-4:1)" LINES "shape entry -4 .* is below 1")
layoutref_cli_test(soundness_rank_zero_shape RC 2 ARGS eval "rank((0,3):(1,1))" LINES "shape entry 0 .* is below 1")
layoutref_cli_test(soundness_depth_negative RC 2 ARGS eval "depth(-1:1)" LINES "shape entry -1 .* is below 1")
layoutref_cli_test(soundness_flatten_negative RC 2 ARGS eval "flatten((2,-3):(1,2))" LINES "shape entry -3 .* is below 1")
layoutref_cli_test(soundness_size_of_shape_negative RC 2 ARGS eval "size((-2,3))" LINES "shape entry -2 .* is below 1")
layoutref_cli_test(soundness_idx2crd_negative_shape RC 2 ARGS eval "idx2crd(3, (2,-1))" LINES "shape entry -1 .* is below 1")
layoutref_cli_test(soundness_identity_tensor_zero RC 2 ARGS eval "make_identity_tensor((0,4))" LINES "shape entry 0 .* is below 1")
layoutref_cli_test(soundness_complement_zero_cotarget RC 2 ARGS eval "complement(2:1, (0,4))" LINES "shape entry 0 .* is below 1")

# Items 7 and 8: the audit judges a shape below 1 malformed, a malformed argument malformed
# whatever the claim, and `error` correct exactly where the result overflows 64 bits: a partial
# sum past 64 bits whose total fits (2^62 + 2^62 - 2^62) is no overflow (lines 10, 11).
layoutref_cli_test(soundness_audit_verdicts RC 1 ARGS audit ${LAYOUTREF_CLI_DIR}/soundness_audit.tsv
  LINES "soundness_audit.tsv:1 size malformed .*shape entry -4"
        "soundness_audit.tsv:2 rank malformed .*shape entry -2"
        "soundness_audit.tsv:3 depth malformed .*shape entry 0"
        "soundness_audit.tsv:4 flatten malformed .*shape entry -3"
        "soundness_audit.tsv:5 idx2crd malformed .*expected an integer"
        "soundness_audit.tsv:6 crd2idx correct .*does not fit in 64 bits"
        "soundness_audit.tsv:7 crd2idx wrong .*does not fit in 64 bits"
        "soundness_audit.tsv:8 eval correct .*does not fit in 64 bits"
        "soundness_audit.tsv:9 idx2crd malformed .*shape entry -2"
        "soundness_audit.tsv:10 crd2idx correct"
        "soundness_audit.tsv:11 crd2idx wrong refused an admissible input"
        "audit: 11 cases, 3 correct, 2 wrong, 0 unsupported, 6 malformed")

# Item 6: an operation whose result is not representable (a value or the size past int64)
# reports the overflow, never prints the layout.
layoutref_cli_test(soundness_composition_result_overflow RC 1
  ARGS eval "composition(4611686018427387904:2, 9223372036854775807:1)"
  LINES "64-bit overflow: the result's values do not fit in int64" REJECT "^9223372036854775807:2")
layoutref_cli_test(soundness_left_inverse_size_overflow RC 1 ARGS eval "left_inverse(4611686018427387904:2)"
  LINES "64-bit overflow: the result's size does not fit in int64" REJECT "4611686018427387904\\):")

# Item 14: cosize counts negative strides by magnitude, as CuTe's coshape does.
layoutref_cli_test(soundness_cosize_negative_stride RC 0 ARGS eval "cosize(4:-1)" LAST "4")
layoutref_cli_test(soundness_cosize_mixed_strides RC 0 ARGS eval "cosize((2,4):(4,-1))" LAST "8")

# Item 15: a tuple cotarget is divided mode by mode as CuTe does (spec and impl alike), and
# refused where that rounding breaks CuTe's bound cosize(make_layout(A, R)) >= size(cotarget).
layoutref_cli_test(soundness_complement_tuple_cotarget RC 0 ARGS eval "complement(2:1, (3,4))" LAST "8:2")
layoutref_cli_test(soundness_complement_cotarget_bound RC 1 ARGS eval "complement((4,8):(1,4), (12,32))"
  LINES "complement.cotarget_bound: .*covers .0,352. and .* = 384" REJECT "^11:32")
layoutref_cli_test(soundness_audit_cosize_complement RC 1 ARGS audit ${LAYOUTREF_CLI_DIR}/soundness_cotarget.tsv
  LINES "soundness_cotarget.tsv:1 cosize correct"
        "soundness_cotarget.tsv:2 cosize wrong"
        "soundness_cotarget.tsv:3 complement correct"
        "soundness_cotarget.tsv:4 complement wrong"
        "soundness_cotarget.tsv:5 complement wrong .*complement.cotarget_bound"
        "soundness_cotarget.tsv:6 complement correct no result: complement.cotarget_bound"
        "audit: 6 cases, 3 correct, 3 wrong, 0 unsupported, 0 malformed")

# Item 16: inputs CuTe accepts: idx2crd of a tuple index (mode by mode; a rank mismatch is bad
# input, exit 2), size, cosize and max_common_vector of swizzled layouts.
layoutref_cli_test(soundness_idx2crd_tuple_index RC 0 ARGS eval "idx2crd((1,2), ((2,3),(4,5)))" LAST "((1,0),(2,0))")
layoutref_cli_test(soundness_idx2crd_rank_mismatch RC 2 ARGS eval "idx2crd((1,2,3), ((2,3),(4,5)))" LINES "different ranks|has rank 3")
layoutref_cli_test(soundness_size_swizzled RC 0 ARGS eval "size(Sw<2,1,3> o _0 o (8,8):(8,1))" LAST "64")
layoutref_cli_test(soundness_cosize_swizzled RC 0 ARGS eval "cosize(Sw<2,1,3> o _0 o (8,8):(8,1))" LAST "64")
layoutref_cli_test(soundness_max_common_vector_swizzled RC 0 ARGS eval "max_common_vector(Sw<2,1,3> o _0 o 32:1, 32:1)" LAST "_2")
layoutref_cli_test(soundness_audit_swizzled_queries RC 1 ARGS audit ${LAYOUTREF_CLI_DIR}/soundness_swizzle.tsv
  LINES "soundness_swizzle.tsv:1 idx2crd correct"
        "soundness_swizzle.tsv:2 size correct"
        "soundness_swizzle.tsv:3 cosize correct"
        "soundness_swizzle.tsv:4 cosize wrong"
        "soundness_swizzle.tsv:5 max_common_vector correct"
        "soundness_swizzle.tsv:6 max_common_vector correct"
        "soundness_swizzle.tsv:7 max_common_vector correct"
        "audit: 7 cases, 6 correct, 1 wrong, 0 unsupported, 0 malformed")
