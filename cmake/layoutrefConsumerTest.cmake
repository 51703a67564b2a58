# The install tests' common step, for scripts run with `cmake -P` (properties/consumer_test.cmake,
# tests/package/package_test.cmake): install a build tree into a scratch prefix, then configure,
# build and run a consumer project against it, as a project outside layoutref would.
#
# layoutref_consumer_test(BUILD_DIR <dir> CONSUMER_DIR <dir> WORK_DIR <dir>
#                         [GENERATOR <name>] [CXX_COMPILER <path>] [CONFIG <name>])
#   @pre BUILD_DIR is a configured and built layoutref tree; CONSUMER_DIR is a CMake project
#        whose executable target is named `consumer`.
#   @post WORK_DIR/prefix holds `cmake --install BUILD_DIR`; WORK_DIR/build holds the consumer
#         configured with CMAKE_PREFIX_PATH=WORK_DIR/prefix (GENERATOR, CXX_COMPILER and CONFIG
#         as the build tree's, so that the objects agree), built, and run with exit status 0.
#         Any step that fails stops the script with FATAL_ERROR naming the step.
function(layoutref_consumer_test)
  cmake_parse_arguments(C "" "BUILD_DIR;CONSUMER_DIR;WORK_DIR;GENERATOR;CXX_COMPILER;CONFIG" "" ${ARGN})
  foreach(arg BUILD_DIR CONSUMER_DIR WORK_DIR)
    if(NOT C_${arg})
      message(FATAL_ERROR "layoutref_consumer_test: ${arg} is not given")
    endif()
  endforeach()
  set(prefix ${C_WORK_DIR}/prefix)
  set(build ${C_WORK_DIR}/build)
  file(REMOVE_RECURSE ${C_WORK_DIR})

  set(install_args --install ${C_BUILD_DIR} --prefix ${prefix})
  set(configure_args -S ${C_CONSUMER_DIR} -B ${build} -DCMAKE_PREFIX_PATH=${prefix})
  if(C_CONFIG)
    list(APPEND install_args --config ${C_CONFIG})
    list(APPEND configure_args -DCMAKE_BUILD_TYPE=${C_CONFIG})
  else()
    list(APPEND configure_args -DCMAKE_BUILD_TYPE=Release)
  endif()
  if(C_GENERATOR)
    list(APPEND configure_args -G ${C_GENERATOR})
  endif()
  if(C_CXX_COMPILER)
    list(APPEND configure_args -DCMAKE_CXX_COMPILER=${C_CXX_COMPILER})
  endif()

  execute_process(COMMAND ${CMAKE_COMMAND} ${install_args} RESULT_VARIABLE rc OUTPUT_QUIET)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cmake --install ${C_BUILD_DIR} --prefix ${prefix} failed: ${rc}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} ${configure_args} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "configuring the consumer ${C_CONSUMER_DIR} against ${prefix} failed: ${rc}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} --build ${build} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "building the consumer ${C_CONSUMER_DIR} failed: ${rc}")
  endif()
  execute_process(COMMAND ${build}/consumer RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the consumer ${C_CONSUMER_DIR} failed: ${rc}")
  endif()
endfunction()
