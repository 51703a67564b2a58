# The portfolio never turns a disagreement into a verdict: with a `cvc5` on PATH that answers sat
# to everything, a true statement z3 proves is an internal error (exit 4), not "proved".
#   cmake -DLAYOUTREF=... -DWORK=dir -P prove_disagree.cmake
file(MAKE_DIRECTORY ${WORK})
file(WRITE ${WORK}/cvc5 "#!/bin/sh\necho sat\n")
file(CHMOD ${WORK}/cvc5 PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
execute_process(COMMAND ${CMAKE_COMMAND} -E env "PATH=${WORK}:$ENV{PATH}" ${LAYOUTREF} prove "bijective((4,8):(1,4), 32)"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("rc ${rc}: ${out}${err}")
if(NOT rc EQUAL 4)
  message(FATAL_ERROR "exit code ${rc}, expected 4 (internal error)")
endif()
if(NOT err MATCHES "z3 and cvc5 disagree on the obligation: z3 answers unsat, cvc5 sat")
  message(FATAL_ERROR "no disagreement named")
endif()
