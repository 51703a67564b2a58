# ctest package.install_consumer: install the build tree into a scratch prefix, configure, build
# and run tests/package against it (cmake/layoutrefConsumerTest.cmake); with EXPECT_PROGRAM, the
# installed program BINDIR/layoutref must be what the package exports as layoutref::layoutref
# and must compute coalesce((2,4):(1,2)) = 8:1 (2*1 = 2: the two modes merge), and its `verify`
# must read the installed vectors.
# With PYTHON and PYTHON_DIR, the installed Python package must import from the prefix.
# -DBUILD_DIR= -DSOURCE_DIR= -DWORK_DIR= -DBINDIR= -DEXPECT_PROGRAM= [-DGENERATOR= -DCXX_COMPILER= -DCONFIG=]
# [-DPYTHON= -DPYTHON_DIR=]
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/layoutrefConsumerTest.cmake)
layoutref_consumer_test(BUILD_DIR ${BUILD_DIR} CONSUMER_DIR ${SOURCE_DIR}/tests/package WORK_DIR ${WORK_DIR}
                        GENERATOR "${GENERATOR}" CXX_COMPILER "${CXX_COMPILER}" CONFIG "${CONFIG}")
if(NOT EXPECT_PROGRAM)
  return()
endif()

set(program ${WORK_DIR}/prefix/${BINDIR}/layoutref)
if(NOT EXISTS ${program})
  message(FATAL_ERROR "the installed program ${program} does not exist")
endif()
set(exported_file ${WORK_DIR}/build/layoutref_program.txt)
if(NOT EXISTS ${exported_file})
  message(FATAL_ERROR "the installed package does not export layoutref::layoutref")
endif()
file(READ ${exported_file} exported)
file(REAL_PATH ${exported} exported_real)
file(REAL_PATH ${program} program_real)
if(NOT exported_real STREQUAL program_real)
  message(FATAL_ERROR "layoutref::layoutref is ${exported}, not the installed ${program}")
endif()
execute_process(COMMAND ${program} eval "coalesce((2,4):(1,2))"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out STREQUAL "8:1\n")
  message(FATAL_ERROR "${program} eval 'coalesce((2,4):(1,2))' exited with ${rc} and printed `${out}` `${err}`, expected 0 and `8:1`")
endif()

# The installed `layoutref verify` reads the installed vectors by default (found from the program's
# directory), and judges them as the build tree's does (the proofs are the build's business).
execute_process(COMMAND ${program} verify --no-proofs
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(REAL_PATH ${WORK_DIR}/prefix prefix_real)
string(FIND "${out}" "the CuTe conformance vectors in ${prefix_real}/" at_prefix)
string(FIND "${out}" "/layoutref/conformance/cute (12 files)" at_files)
if(NOT rc EQUAL 0 OR at_prefix EQUAL -1 OR at_files EQUAL -1 OR NOT out MATCHES "\nverify: pass")
  message(FATAL_ERROR "${program} verify --no-proofs exited with ${rc}; expected 0, the vectors installed under ${prefix_real} (12 files) and `verify: pass`:\n${out}\n${err}")
endif()

# The installed Python package (python/, when it was built): importable from the prefix with
# the module's interpreter, and computing with the installed module.
if(PYTHON AND PYTHON_DIR AND NOT IS_ABSOLUTE "${PYTHON_DIR}")
  set(site ${WORK_DIR}/prefix/${PYTHON_DIR})
  execute_process(COMMAND ${CMAKE_COMMAND} -E env PYTHONPATH=${site} PYTHONDONTWRITEBYTECODE=1 ${PYTHON} -c
                          "import layoutref; print(layoutref.__file__); print(layoutref.coalesce('(2,4):(1,2)'))"
                  WORKING_DIRECTORY ${WORK_DIR}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  file(REAL_PATH ${site} site_real)
  string(FIND "${out}" "${site_real}/layoutref/__init__.py" at_site)
  if(NOT rc EQUAL 0 OR at_site EQUAL -1 OR NOT out MATCHES "\n8:1\n")
    message(FATAL_ERROR "the installed Python package under ${site}: exit ${rc}, expected layoutref from there and 8:1:\n${out}\n${err}")
  endif()
endif()
