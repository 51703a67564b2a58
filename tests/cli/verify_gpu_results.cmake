# `layoutref verify` reports the GPU results that ctest's gpu.<suite> tests recorded
# (cli/src/verify_gpu.cpp), on a machine without a GPU: the program copied beside a stand-in
# `layoutref-gpu-check` (verify only looks for it; it is not run), and result files written as
# the check writes them. Four passing suites -> pass; one `gpu total: ...: FAIL` -> FAIL, exit 1;
# a suite's file missing -> not run. (Found on an H100: every passing suite was read as failed.)
# Inputs: LAYOUTREF, VECTORS (a vector file with no wrong case), WORK (a scratch directory).
cmake_policy(SET CMP0054 NEW)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/bin ${WORK}/data ${WORK}/results/gpu)
file(COPY ${VECTORS} DESTINATION ${WORK}/data)
file(WRITE ${WORK}/expected_wrong.tsv "# none\n")
file(COPY ${LAYOUTREF} DESTINATION ${WORK}/bin)
get_filename_component(program_name ${LAYOUTREF} NAME)
file(WRITE ${WORK}/bin/layoutref-gpu-check "#!/bin/sh\nexit 2\n")
file(CHMOD ${WORK}/bin/layoutref-gpu-check PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
execute_process(COMMAND touch -d "2000-01-01" ${WORK}/bin/layoutref-gpu-check)

function(record suite verdict)
  file(WRITE ${WORK}/results/gpu/${suite}.txt
       "gpu: Test GPU, sm_90, 132 SMs, 79.2 GiB, CUDA runtime 13000, driver 13000, impl leaf capacity 8 (quick run)\n"
       "gpu ${suite}           1000 indices checked, 0 mismatches, 0.01 s device time\n"
       "gpu total: 1000 indices checked on Test GPU, 0 mismatches, 0 errors: ${verdict}\n")
endfunction()

set(VERIFY_PROGRAM ${WORK}/bin/${program_name})
include(${CMAKE_CURRENT_LIST_DIR}/verify_common.cmake)

foreach(s eval tables sweep tensor)
  record(${s} pass)
endforeach()
run_verify(0 "gpu: Test GPU, sm_90" "gpu tensor +1000 indices checked" "total: 4 suites, 4 pass, 0 fail, 0 without a GPU, 0 not run")

record(sweep FAIL)
run_verify(1 "total: 4 suites, 3 pass, 1 fail" "gpu total: 1000 indices checked on Test GPU, 0 mismatches, 0 errors: FAIL" "verify: FAIL")

record(sweep pass)
file(REMOVE ${WORK}/results/gpu/tensor.txt)
run_verify(0 "gpu tensor: not run since layoutref-gpu-check was built" "total: 4 suites, 3 pass, 0 fail, 0 without a GPU, 1 not run")
