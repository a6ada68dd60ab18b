# SPDX-License-Identifier: Apache-2.0
# Finds what accy::accy needs: threads, on which the host backend runs blocks. Nothing else: accy's
# core needs no Boost (the optional Boost.Hana view, accy::hana, finds it in AccyBoost.cmake).
include(GNUInstallDirs)
include(CMakeFindDependencyMacro)
find_dependency(Threads)
