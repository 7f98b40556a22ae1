# `cmake --build --preset windows --target package-gomocup`: pbrain-tengen.zip as Gomocup's
# submission asks, the engine as pbrain-NAME.exe at the top of a zip, with a short readme.
# CMake writes the zip itself, so no zip program is needed.
set(gomocup_stage "${PROJECT_BINARY_DIR}/gomocup")
add_custom_target(package-gomocup
  COMMAND ${CMAKE_COMMAND} -E rm -rf "${gomocup_stage}"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${gomocup_stage}"
  COMMAND ${CMAKE_COMMAND} -E copy "$<TARGET_FILE:pbrain-tengen>" "${gomocup_stage}/pbrain-tengen.exe"
  COMMAND ${CMAKE_COMMAND} -E copy "${PROJECT_SOURCE_DIR}/docs/gomocup-readme.txt" "${gomocup_stage}/readme.txt"
  COMMAND ${CMAKE_COMMAND} -E rm -f "${PROJECT_BINARY_DIR}/pbrain-tengen.zip"
  COMMAND ${CMAKE_COMMAND} -E chdir "${gomocup_stage}"
          ${CMAKE_COMMAND} -E tar cf "${PROJECT_BINARY_DIR}/pbrain-tengen.zip" --format=zip pbrain-tengen.exe readme.txt
  COMMAND ${CMAKE_COMMAND} -E echo "Gomocup package: ${PROJECT_BINARY_DIR}/pbrain-tengen.zip"
  DEPENDS pbrain-tengen
  VERBATIM)
