# moc (AUTOMOC) is handed the compiler's own header directories with the target's, and
# preprocesses every #include it can find there: libstdc++, nlohmann_json's 25,000
# lines, zlib's and libpng's headers, for each file it reads. It needs our headers and
# Qt's only (Q_OBJECT, signals and slots; Qt's directories are the targets' own, never
# the compiler's), so each AUTOMOC target runs moc through a wrapper that drops the
# compiler's directories from its command line: the tests' mocs took 13 s instead of
# 21 s, their output byte for byte the same. Compile lines are untouched (CMake must
# keep knowing /usr/include as the compiler's, or an imported target naming it would
# put it on them with -isystem and break libstdc++'s #include_next).
function(burrow_moc_without_system_headers)
  if(NOT TARGET Qt6::moc)
    return()
  endif()
  set(dropped "")
  foreach(dir IN LISTS CMAKE_CXX_IMPLICIT_INCLUDE_DIRECTORIES)
    string(APPEND dropped "    '-I${dir}') ;;\n") # quoted: a literal, whatever the path holds
  endforeach()
  get_target_property(moc Qt6::moc LOCATION) # an imported target's, for its default configuration
  if(NOT moc)
    return() # CMake finds moc itself, as without this
  endif()
  set(wrapper ${PROJECT_BINARY_DIR}/moc-without-system-headers.sh)
  file(WRITE ${wrapper} "#!/bin/sh\n# Written by cmake/moc_without_system_headers.cmake: moc, without the compiler's header directories.\n"
                        "for arg do\n  shift\n  case $arg in\n${dropped}    *) set -- \"$@\" \"$arg\" ;;\n  esac\ndone\nexec \"${moc}\" \"$@\"\n")
  file(CHMOD ${wrapper} PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
  set(directories ${PROJECT_SOURCE_DIR})
  while(directories)
    list(POP_FRONT directories directory)
    get_property(subdirectories DIRECTORY ${directory} PROPERTY SUBDIRECTORIES)
    list(APPEND directories ${subdirectories})
    get_property(targets DIRECTORY ${directory} PROPERTY BUILDSYSTEM_TARGETS)
    foreach(target IN LISTS targets)
      get_target_property(automoc ${target} AUTOMOC)
      if(automoc)
        set_property(TARGET ${target} PROPERTY AUTOMOC_EXECUTABLE ${wrapper})
      endif()
    endforeach()
  endwhile()
endfunction()
