# Regression tests of issue 12 (soundness), the command-line items: eval and table (items 2, 3,
# 4, 9, 11), reading files (item 10), exit codes. Included by tests/CMakeLists.txt after
# layoutref_cli_test is defined. Exit codes: 0 holds, 1 refuted / inadmissible, 2 bad input,
# 3 unknown, 4 internal error.

# Item 2: calls nested past notation::kMaxNesting (64) are bad input, never a crash (15,000 deep
# overflowed the stack); 64 deep still evaluates.
string(REPEAT "size(" 15000 deep_open)
string(REPEAT ")" 15000 deep_close)
layoutref_cli_test(soundness_cli_eval_deep_calls RC 2 ARGS eval "${deep_open}4:1${deep_close}"
  LINES "at most 64 nested calls \\(nesting too deep\\)")
layoutref_cli_test(soundness_cli_table_deep_calls RC 2 ARGS table "${deep_open}4:1${deep_close}"
  LINES "at most 64 nested calls \\(nesting too deep\\)")
string(REPEAT "size(" 65 open65)
string(REPEAT ")" 65 close65)
layoutref_cli_test(soundness_cli_eval_65_calls RC 2 ARGS eval "${open65}4:1${close65}" LINES "nesting too deep" REJECT "^4")
string(REPEAT "size(" 64 open64)
string(REPEAT ")" 64 close64)
layoutref_cli_test(soundness_cli_eval_64_calls RC 0 ARGS eval "${open64}4:1${close64}" LINES "^4")

# Item 3: a table is size-checked with checked arithmetic before anything is printed; past
# 65536 cells it is refused, naming its size and the limit (2^32 * 2^32 wrapped to 0 and grew
# past 2.7 GB; the identity tensors printed 1 GB and 110 MB).
layoutref_cli_test(soundness_cli_table_size_overflow RC 2 ARGS table "(4294967296,4294967296):(0,0)"
  LINES "the table would have more than 2\\^63 cells, past the limit of 65536")
layoutref_cli_test(soundness_cli_table_huge_tensor RC 2 ARGS table "make_identity_tensor((100000,100000))"
  LINES "the table would have 10000000000 cells, past the limit of 65536" REJECT "\\(0,0\\)")
layoutref_cli_test(soundness_cli_table_large_tensor RC 2 ARGS table "make_identity_tensor((3000,3000))"
  LINES "the table would have 9000000 cells, past the limit of 65536" REJECT "\\(0,0\\)")
layoutref_cli_test(soundness_cli_table_past_limit RC 2 ARGS table "(257,256):(256,1)"
  LINES "the table would have 65792 cells, past the limit of 65536")
# At the limit: cell (255,0) of (256,256):(256,1) is 255 * 256.
layoutref_cli_test(soundness_cli_table_at_limit RC 0 ARGS table "(256,256):(256,1)" LINES "255  \\| 65280 \\|")
math(EXPR limit "60 * ${LAYOUTREF_TEST_TIME_SCALE}")
set_tests_properties(cli.soundness_cli_table_size_overflow cli.soundness_cli_table_huge_tensor
  cli.soundness_cli_table_large_tensor PROPERTIES TIMEOUT ${limit})

# Item 4: every cell is computed with checked arithmetic, as `eval` computes L(i); an overflow is
# an error (exit 1) and nothing is printed (rows 0 and 1 were printed, row 2 wrapped).
layoutref_cli_test(soundness_cli_table_cell_overflow RC 1 ARGS table "(3,3):(-9223372036854775808,1)"
  LINES "the cell \\(2,0\\) = L\\(2\\): 64-bit overflow" REJECT "\\|")
layoutref_cli_test(soundness_cli_table_cell_wraps RC 1 ARGS table "(2,2):(-9223372036854775808,-1)"
  LINES "the cell \\(1,1\\) = L\\(3\\): 64-bit overflow" REJECT "9223372036854775807")
layoutref_cli_test(soundness_cli_eval_agrees_with_table RC 1 ARGS eval "eval((3,3):(-9223372036854775808,1), 2)"
  LINES "64-bit overflow")
# Negative cells widen the columns so that they stay aligned.
layoutref_cli_test(soundness_cli_table_negative RC 0 ARGS table "(2,2):(-3,-1)" LINES " 1  \\| -3 \\| -4 \\|" "\n    \\+----\\+----\\+\n")

# Item 9: every operation checks the number of its arguments and names its signature.
layoutref_cli_test(soundness_cli_composition_three_args RC 2 ARGS eval "composition(4:2, 4:2, 4:2)"
  LINES "composition takes 2 arguments, composition\\(.*A, B\\); got 3" REJECT "^4:4")
layoutref_cli_test(soundness_cli_composition_one_arg RC 2 ARGS eval "composition(4:2)"
  LINES "composition takes 2 arguments.*got 1")
layoutref_cli_test(soundness_cli_size_two_args RC 2 ARGS eval "size(4:1, 3)" LINES "size takes 1 argument, size\\(L\\); got 2" REJECT "^4")
layoutref_cli_test(soundness_cli_complement_three_args RC 2 ARGS eval "complement(2:1, 4, 8)"
  LINES "complement takes 1 or 2 arguments, complement\\(L\\[, M\\]\\); got 3")
layoutref_cli_test(soundness_cli_size_no_args RC 2 ARGS eval "size()" LINES "size takes 1 argument.*got 0")
layoutref_cli_test(soundness_cli_table_extra_args RC 2 ARGS table "composition(4:2, 4:2, 4:2)" LINES "got 3")

# Item 10: a missing file, or a directory, is bad input (exit 2), for the vector files and for
# --expect (a directory read as no lines: "0 cases", exit 0).
layoutref_cli_test(soundness_cli_audit_directory RC 2 ARGS audit ${LAYOUTREF_CLI_DIR}
  LINES "cannot open .*: it is a directory")
layoutref_cli_test(soundness_cli_conform_directory RC 2 ARGS conform ${LAYOUTREF_CLI_DIR}
  LINES "cannot open .*: it is a directory")
layoutref_cli_test(soundness_cli_conform_missing_file RC 2 ARGS conform ${LAYOUTREF_CLI_DIR}/no-such-file.tsv
  LINES "cannot open .*no-such-file.tsv: no such file")
layoutref_cli_test(soundness_cli_audit_expect_directory RC 2
  ARGS audit --expect ${LAYOUTREF_CLI_DIR} ${LAYOUTREF_CLI_DIR}/sample.tsv LINES "cannot open .*: it is a directory")
layoutref_cli_test(soundness_cli_conform_expect_directory RC 2
  ARGS conform --expect ${LAYOUTREF_CLI_DIR} ${LAYOUTREF_CLI_DIR}/sample.tsv LINES "cannot open .*: it is a directory")
layoutref_cli_test(soundness_cli_verify_expect_directory RC 2 ARGS verify --expect ${LAYOUTREF_CLI_DIR}
  LINES "cannot open .*: it is a directory")

# Item 11: a shape entry below 1 is named (not "size does not fit in 64 bits"); shape and stride
# not congruent is an error; --json output is valid UTF-8 whatever the input holds (the vector
# file has the byte FF in one op name, C0 AF (an overlong '/') then a valid 'é' in another).
layoutref_cli_test(soundness_cli_table_zero_shape RC 2 ARGS table "0:1"
  LINES "the shape entry 0 at line 1, column 1 is below 1" REJECT "does not fit in 64 bits")
layoutref_cli_test(soundness_cli_eval_not_congruent RC 2 ARGS eval "(4,8):(1,4,8)" LINES "are not congruent"
  REJECT "^\\(4,8\\):\\(1,4,8\\)")
layoutref_cli_test(soundness_cli_json_utf8 RC 1 ARGS audit --json ${LAYOUTREF_CLI_DIR}/soundness_utf8.tsv
  LINES "\"op\":\"siz\\\\ufffde\"" "\"op\":\"\\\\ufffd\\\\ufffdé\"")

# Exit codes: eval and table say 2 for bad input (malformed, unknown operation), 1 for an
# inadmissible operation; help states them.
layoutref_cli_test(soundness_cli_eval_unknown_op RC 2 ARGS eval "frobnicate(4:1)" LINES "unknown operation")
layoutref_cli_test(soundness_cli_eval_malformed RC 2 ARGS eval "size(4:1" LINES "expected ',' or '\\)'")
layoutref_cli_test(soundness_cli_eval_inadmissible RC 1 ARGS eval "complement((4,2):(1,6), 80)"
  LINES "complement.stride_divisibility")
layoutref_cli_test(soundness_cli_help_exit_codes RC 0 ARGS help
  LINES "exit codes:" "0  holds" "1  refuted or wrong" "2  bad input" "3  unknown" "4  internal error")

# Item 12: a table is bounded in bytes as well as entries (64 bytes an entry of --table-limit),
# and the verdict says so; right_inverse at the default limit needs 24 bytes an entry and no
# table of values (it took 12 to 28 s and 2.2 GB; now about a second and 140 MB: the timeout
# of 6 s fails the old computation).
layoutref_cli_test(soundness_cli_right_inverse_at_limit RC 0 ARGS audit ${LAYOUTREF_CLI_DIR}/soundness_right_inverse.tsv
  LINES "soundness_right_inverse.tsv:2 right_inverse correct")
math(EXPR limit "6 * ${LAYOUTREF_TEST_TIME_SCALE}")
set_tests_properties(cli.soundness_cli_right_inverse_at_limit PROPERTIES TIMEOUT ${limit})
layoutref_cli_test(soundness_cli_table_memory_bound RC 1
  ARGS audit --table-limit 64 ${LAYOUTREF_CLI_DIR}/soundness_table_memory.tsv
  LINES "soundness_table_memory.tsv:3 coalesce unsupported .* 64 entries \\(about [0-9]+ bytes\\), past the bound of 64 entries and 4096 bytes"
        "soundness_table_memory.tsv:4 coalesce correct")
