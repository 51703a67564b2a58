# Install rules and the exported package: find_package(layoutref) gives layoutref::spec,
# layoutref::impl (with layoutref::impl_core), layoutref::notation, layoutref::generators (the
# random inputs over a source of choices, header-only), when rapidcheck was found at
# build time the generators layoutref::rapidcheck, and when cli/ was built the program
# layoutref::layoutref (installed in ${CMAKE_INSTALL_BINDIR}). The program links equiv/ and
# proofs/ statically and needs none of them installed (z3, when proofs/ was built, is the
# system's shared library). GNUInstallDirs is included by the top-level CMakeLists.txt.
include(CMakePackageConfigHelpers)

set(LAYOUTREF_EXPORTED_TARGETS layoutref_notation layoutref_spec layoutref_impl_core layoutref_impl layoutref_generators)
set_target_properties(layoutref_notation PROPERTIES EXPORT_NAME notation)
set_target_properties(layoutref_spec PROPERTIES EXPORT_NAME spec)
set_target_properties(layoutref_impl_core PROPERTIES EXPORT_NAME impl_core)
set_target_properties(layoutref_impl PROPERTIES EXPORT_NAME impl)
set(LAYOUTREF_EXPORTS_RAPIDCHECK OFF)
if(TARGET layoutref_rapidcheck)
  list(APPEND LAYOUTREF_EXPORTED_TARGETS layoutref_rapidcheck)
  set(LAYOUTREF_EXPORTS_RAPIDCHECK ON)
endif()

install(TARGETS ${LAYOUTREF_EXPORTED_TARGETS} EXPORT layoutrefTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
if(TARGET layoutref)
  install(TARGETS layoutref EXPORT layoutrefTargets RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  # The CuTe vectors and the expectations, for the installed `layoutref verify` (it finds them
  # from its own directory: cli/CMakeLists.txt).
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/tests/conformance/cute DESTINATION ${CMAKE_INSTALL_DATADIR}/layoutref/conformance
          FILES_MATCHING PATTERN "*.tsv" PATTERN "README.md")
  install(FILES ${PROJECT_SOURCE_DIR}/tests/conformance/expected_wrong.tsv ${PROJECT_SOURCE_DIR}/tests/conformance/expected_conform.tsv
          DESTINATION ${CMAKE_INSTALL_DATADIR}/layoutref/conformance)
endif()
install(DIRECTORY ${PROJECT_SOURCE_DIR}/notation/include/ ${PROJECT_SOURCE_DIR}/spec/include/
                  ${PROJECT_SOURCE_DIR}/impl/include/ ${PROJECT_SOURCE_DIR}/generators/include/
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
if(LAYOUTREF_EXPORTS_RAPIDCHECK)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/properties/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endif()
install(EXPORT layoutrefTargets NAMESPACE layoutref:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/layoutref)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/layoutrefConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/layoutrefConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/layoutref)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/layoutrefConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/layoutrefConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/layoutrefConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/layoutref)
