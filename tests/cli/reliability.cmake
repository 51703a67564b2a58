# Regression tests of issue 34 (reliability) at the command line: what each command refused or
# said unclearly before. Included by tests/CMakeLists.txt after layoutref_cli_test is defined.

# Item 8: a literal is a value the spec can use, or bad input / no result; never printed back.
layoutref_cli_test(eval_literal_size_past_int64 RC 1 ARGS eval "(4294967296,4294967296):(0,0)"
  LINES "the layout is not one the spec can use \\(size of it: .*4294967296 \\* 4294967296 does not fit in int64")
layoutref_cli_test(eval_literal_cosize_past_int64 RC 1 ARGS eval "(2,2):(9223372036854775807,1)"
  LINES "the layout is not one the spec can use \\(cosize of it: .*does not fit in int64")
layoutref_cli_test(eval_literal_swizzle_past_63_bits RC 2 ARGS eval "Sw<64,64,64> o 0 o (8,64):(64,1)"
  LINES "more than the 63 value bits")
layoutref_cli_test(eval_literal_pointer_past_int64 RC 1 ARGS eval "gmem_ptr[16b](0xffffffffffffffffffff) o 4:1"
  LINES "the value is not one the spec can use \\(eval of it: .*does not fit in int64")
layoutref_cli_test(eval_literal_layout_engine RC 2 ARGS eval "4:1 o 4:1"
  LINES "the value is not one the spec can use \\(eval of it: .*expected a pointer or ArithTuple")
layoutref_cli_test(eval_literal_offset_past_int64 RC 1 ARGS eval "Sw<3,4,3> o 9223372036854775807 o 8:1"
  LINES "\\(eval of it: .*9223372036854775807 \\+ 7 does not fit in int64")
layoutref_cli_test(eval_literal_good_values RC 0 ARGS eval "Sw<3,4,3> o 0 o (8,64):(64,1)" LAST "Sw<3,4,3> o 0 o (8,64):(64,1)")
layoutref_cli_test(eval_literal_tensor RC 0 ARGS eval "ArithTuple(0,0) o (4,8):(1@0,1@1)" LAST "ArithTuple(0,0) o (4,8):(1@0,1@1)")
# Item 8: an error names what the user wrote.
layoutref_cli_test(upcast_smallest_stride RC 1 ARGS eval "upcast((2,2):(-9223372036854775808,1), 2)"
  LINES "64-bit overflow: \\|-9223372036854775808\\| = 2\\^63" REJECT "abs 0")
layoutref_cli_test(draw_bank_of_a_huge_offset RC 1 ARGS draw "Sw<1,0,-62> o 0 o 8:1"
  LINES "the value 4611686018427387905 is an element offset whose byte address \\(4611686018427387905 \\* 2-byte elements\\) does not fit in 64 bits")
# Item 6: a TV layout whose (thread, value) falls outside the tile is refused, naming the first.
layoutref_cli_test(draw_tv_outside_the_tile RC 2 ARGS draw "tv_layout((2,2):(-1,2), (4,4))"
  LINES "tv_layout: TV\\(1, 0\\) = -1 is the coordinate \\(3,-1\\), outside the \\(4,4\\) tile")
layoutref_cli_test(draw_tv_past_the_tile RC 2 ARGS draw "tv_layout(((2,4),(2,2)):((8,1),(4,16)), (2,2))"
  LINES "tv_layout: TV\\(0, 1\\) = 4 is the coordinate \\(0,2\\), outside the \\(2,2\\) tile")

# Item 8: prove's bad options answer in JSON under --json (wherever --json stands), exit 2.
if(TARGET layoutref_proofs)
  set(q "injective((a,2):(1,a))")
  set(json_q "^{\"query\":\"injective\\(\\(a,2\\):\\(1,a\\)\\)\",\"answer\":\"bad input\",\"error\":\"")
  layoutref_cli_test(prove_json_solver RC 2 ARGS prove --solver x ${q} --json LINES "${json_q}--solver takes z3, cvc5 or both, got `x`")
  layoutref_cli_test(prove_json_where_syntax RC 2 ARGS prove --json ${q} --where "a in 1.." LINES "${json_q}--where: ")
  layoutref_cli_test(prove_json_where_empty_range RC 2 ARGS prove ${q} --where "a in 5..1" --json
    LINES "${json_q}--where: variable `a`: empty range 5..1")
  layoutref_cli_test(prove_json_timeout_zero RC 2 ARGS prove ${q} --where "a in 1..4" --timeout 0 --json
    LINES "${json_q}--timeout needs milliseconds in 1..86400000, got `0`")
  layoutref_cli_test(prove_json_timeout_text RC 2 ARGS prove --json --timeout soon ${q} LINES "${json_q}--timeout needs milliseconds")
  layoutref_cli_test(prove_json_unknown_option RC 2 ARGS prove --json --frob ${q} LINES "${json_q}unknown option `--frob`")
  layoutref_cli_test(prove_json_missing_value RC 2 ARGS prove --json ${q} --where LINES "${json_q}--where needs a value")
  layoutref_cli_test(prove_json_no_query RC 2 ARGS prove --json --where "a in 1..4"
    LINES "^{\"query\":\"\",\"answer\":\"bad input\",\"error\":\"no query given\"}")
  # The smt2 file is written after the answer: refused on stderr, exit 2.
  layoutref_cli_test(prove_emit_smt2_device RC 2 ARGS prove "injective(4:1)" --emit-smt2 /dev/full
    LINES "--emit-smt2: will not write /dev/full: it is a character device")
endif()

# Item 8: an index a shape without leaves cannot hold is refused, not lost; a rank-0 tensor's
# table has its one element, a rank-5 one is refused.
layoutref_cli_test(idx2crd_of_the_empty_shape RC 2 ARGS eval "idx2crd(5, ())"
  LINES "idx2crd: the index 5 is outside the domain \\[0, 1\\) of a shape without leaves")
layoutref_cli_test(idx2crd_of_the_empty_shape_spec RC 2 ARGS eval --spec "idx2crd(5, ())"
  LINES "idx2crd: the index 5 is outside the domain \\[0, 1\\) of the shape \\(\\)")
layoutref_cli_test(idx2crd_of_the_empty_shape_at_0 RC 0 ARGS eval "idx2crd(0, ())" LAST "()")
layoutref_cli_test(idx2crd_past_the_size_extends RC 0 ARGS eval "idx2crd(5, (2,2))" LAST "(1,2)")
layoutref_cli_test(table_rank_0_tensor RC 0 ARGS table "make_identity_tensor(())" LINES "^ArithTuple\\(\\) o \\(\\):\\(\\):\n  \\(\\)")
layoutref_cli_test(table_rank_5_tensor RC 2 ARGS table "make_identity_tensor((1,1,1,1,2))"
  LINES "table prints tensors of rank 0 to 4 \\(as CuTe's print_tensor\\), this one has rank 5")
