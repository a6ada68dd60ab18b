#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs what accy's build needs from Debian's packages, skipping what is already there.
# CUDA is optional: the CUDA backend, its kernels and GPU tests are built where the toolkit is
# installed (nvcc in /usr/local/cuda or on PATH); everything else builds without it.
set -euo pipefail

packages=(cmake ninja-build g++ clang python3 libboost1.81-dev libboost-test1.81-dev libbenchmark-dev)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done

if ((${#missing[@]})); then
  echo "accy: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
