# The offline single file (dist/attention-lab.html) needs the engine as a classic script with the wasm inlined as
# base64 (-sSINGLE_FILE): from file:// a browser loads neither ES modules nor a .wasm by fetch. The walkthrough's
# bindings and the flags of attnlab_walkthrough, without EXPORT_ES6; scripts/build-single-file.mjs inlines it into the page.
add_executable(attnlab_engine_single $<TARGET_OBJECTS:attnlab_bindings>)
target_link_libraries(attnlab_engine_single PRIVATE attnlab_core nlohmann_json::nlohmann_json)
set_target_properties(attnlab_engine_single PROPERTIES SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/wasm)
target_link_options(attnlab_engine_single PRIVATE ${ATTNLAB_ENGINE_LINK_OPTIONS} -sSINGLE_FILE=1)
attnlab_warnings(attnlab_engine_single)
