# ctest property.install_consumer: install the build tree into a scratch prefix, then configure,
# build and run properties/consumer against it (cmake/layoutrefConsumerTest.cmake).
# -DBUILD_DIR= -DSOURCE_DIR= -DWORK_DIR= [-DGENERATOR= -DCXX_COMPILER= -DCONFIG=]
include(${CMAKE_CURRENT_LIST_DIR}/../cmake/layoutrefConsumerTest.cmake)
layoutref_consumer_test(BUILD_DIR ${BUILD_DIR} CONSUMER_DIR ${SOURCE_DIR}/properties/consumer WORK_DIR ${WORK_DIR}
                        GENERATOR "${GENERATOR}" CXX_COMPILER "${CXX_COMPILER}" CONFIG "${CONFIG}")
