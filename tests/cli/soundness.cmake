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
