# Replays a file written by `layoutref prove --emit-smt2` with the z3 program: the file must give
# the same answer (unsat for proved, sat for refuted). Skipped (the test's SKIP_REGULAR_EXPRESSION
# matches the message) when z3 is not installed.
#   cmake -DLAYOUTREF=... -DQUERY=... [-DWHERE=...] -DEXPECT=unsat|sat -DFILE=... -P z3_replay.cmake
find_program(Z3_PROGRAM z3)
if(NOT Z3_PROGRAM)
  message("z3 program not found (Debian package z3): skipped")
  return()
endif()
set(args prove "${QUERY}" --emit-smt2 "${FILE}")
if(DEFINED WHERE)
  list(APPEND args --where "${WHERE}")
endif()
execute_process(COMMAND ${LAYOUTREF} ${args} OUTPUT_VARIABLE out ERROR_VARIABLE out RESULT_VARIABLE rc)
message("layoutref (rc ${rc}): ${out}")
execute_process(COMMAND ${Z3_PROGRAM} ${FILE} OUTPUT_VARIABLE z3out ERROR_VARIABLE z3out RESULT_VARIABLE z3rc)
message("z3 ${FILE}: ${z3out}")
string(REGEX MATCH "^[a-z]+" first "${z3out}")
if(NOT first STREQUAL EXPECT)
  message(FATAL_ERROR "z3 answered `${first}`, expected `${EXPECT}`")
endif()
