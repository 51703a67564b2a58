# `layoutref verify` reports the property results recorded in its results directory
# (cli/src/verify_steps.hpp): none current -> `not run`, pass; a recorded failure -> FAIL, exit 1;
# a property that started and never finished -> FAIL; a result older than the program -> not run.
# The audit runs over one small vector file (DATA) and the proofs are left out, to keep it short.
# Inputs: LAYOUTREF, PROPERTIES (the property program), VECTORS (a vector file with no wrong case),
# WORK (a scratch directory).
cmake_policy(SET CMP0054 NEW)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/data ${WORK}/results/properties)
file(COPY ${VECTORS} DESTINATION ${WORK}/data)
file(WRITE ${WORK}/expected_wrong.tsv "# none\n")

execute_process(COMMAND ${PROPERTIES} --gtest_list_tests OUTPUT_VARIABLE listing RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT listing MATCHES "^([A-Za-z0-9_]+\\.)\n  ([A-Za-z0-9_]+)")
  message(FATAL_ERROR "cannot list the properties (${rc}):\n${listing}")
endif()
set(name "${CMAKE_MATCH_1}${CMAKE_MATCH_2}")

set(VERIFY_PROGRAM ${LAYOUTREF})
include(${CMAKE_CURRENT_LIST_DIR}/verify_common.cmake)

run_verify(0 "not run since layoutref-properties was built" "verify: pass \\(not run: proofs, properties")

set(record ${WORK}/results/properties/${name}.tsv)
file(WRITE ${record} "property\t${name}\nverdict\tfail\ncases\t5000\nseed\t1\nms\t12\nfailure\tFalsifiable after 3 tests\n")
run_verify(1 "FAIL +${name} +- cases +- at capacity \\(12 ms\\)" "Falsifiable after 3 tests" "1 fail, [0-9]+ not run" "verify: FAIL")

file(WRITE ${record} "property\t${name}\nverdict\tstarted\ncases\t5000\nseed\t1\n")
run_verify(1 "FAIL +${name}" "started but never finished" "verify: FAIL")

file(WRITE ${record} "property\t${name}\nverdict\tpass\ncases\t5000\nseed\t1\nms\t12\ncapacity_refused\t3\n")
run_verify(0 "pass +${name} +5000 cases +3 at capacity \\(12 ms\\)"
           "1 pass, 0 known disagreements, 0 fail, [0-9]+ not run, 5000 cases \\(seed 1\\), 3 at impl's capacity"
           "recorded in .*, the oldest [0-9]+ s ago" "verify: pass \\(not run: proofs, properties")

# Older than the program: does not count.
execute_process(COMMAND touch -d "2000-01-01" ${record})
run_verify(0 "not run since layoutref-properties was built")
