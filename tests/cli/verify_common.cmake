# What the `layoutref verify` script tests share (verify_results.cmake, verify_gpu_results.cmake),
# included by them with include(${CMAKE_CURRENT_LIST_DIR}/verify_common.cmake).
# Inputs, set by the including script: VERIFY_PROGRAM (the layoutref to run), WORK (the scratch
# directory: the vectors in data/, the recorded results in results/).

# run_verify(expect_rc [pattern...]): `layoutref verify` over WORK without the proofs.
# @post a fatal error, with verify's output, unless it exits with expect_rc and every pattern
#       matches its standard output
function(run_verify expect_rc)
  execute_process(COMMAND ${VERIFY_PROGRAM} verify --data ${WORK}/data --results ${WORK}/results --no-proofs
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL expect_rc)
    message(FATAL_ERROR "exit code ${rc}, expected ${expect_rc}\n${out}${err}")
  endif()
  foreach(pattern IN LISTS ARGN)
    if(NOT out MATCHES "${pattern}")
      message(FATAL_ERROR "no line matches `${pattern}`:\n${out}${err}")
    endif()
  endforeach()
endfunction()
