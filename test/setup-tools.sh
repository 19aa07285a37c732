#!/bin/sh
# Runs before `npm test` (npm's pretest): makes sure the external tools the end-to-end tests
# drive are installed. Go must already be on the PATH; everything else is installed here when
# missing and possible (apt-get as root: protoc, zsh, fish, docker.io, busybox-static; `go
# install` for the protoc plugins; goctl built from its module).
set -u
have() { command -v "$1" >/dev/null 2>&1; }

if ! have go; then
  echo "setup: Go is not on the PATH; install Go 1.26+ (https://go.dev/dl/)" >&2
  exit 1
fi
GOBIN_DIR="$(go env GOPATH)/bin"
PATH="$GOBIN_DIR:$PATH"

if ! have protoc || [ ! -f /usr/include/google/protobuf/descriptor.proto ]; then
  if [ "$(id -u)" = 0 ] && have apt-get; then
    echo "setup: installing protoc (protobuf-compiler, libprotobuf-dev)"
    apt-get update -qq >/dev/null && apt-get install -y -qq protobuf-compiler libprotobuf-dev >/dev/null
  else
    echo "setup: protoc is missing: apt-get install protobuf-compiler libprotobuf-dev (or brew install protobuf)" >&2
  fi
fi
# The completion tests check the zsh and fish scripts with the shells themselves.
if ! have zsh || ! have fish; then
  if [ "$(id -u)" = 0 ] && have apt-get; then
    echo "setup: installing zsh and fish (shell completion tests)"
    apt-get update -qq >/dev/null && apt-get install -y -qq zsh fish >/dev/null
  else
    echo "setup: zsh or fish is missing: install both for the completion tests" >&2
  fi
fi
# The Docker test runs a private dockerd and makes its base images from busybox (no registry).
if ! have dockerd || [ ! -x /bin/busybox ] || ! (ldd /bin/busybox 2>&1 | grep -q "not a dynamic"); then
  if [ "$(id -u)" = 0 ] && have apt-get; then
    echo "setup: installing docker.io and busybox-static (the Docker test)"
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io busybox-static >/dev/null
  else
    echo "setup: dockerd or a static busybox is missing: apt-get install docker.io busybox-static for the Docker test" >&2
  fi
fi
have protoc-gen-go || go install google.golang.org/protobuf/cmd/protoc-gen-go@v1.36.12
have protoc-gen-go-grpc || go install google.golang.org/grpc/cmd/protoc-gen-go-grpc@v1.6.2
# goctl 1.8.5 is the oracle of the goctl pack's differential test. `go install ...@v1.8.5` asks
# the proxy for the version list first (a proxy may answer 404 there), so the module is
# downloaded and built from a writable copy of it (the module cache is read-only).
GOCTL_VERSION=1.8.5
if ! "$GOBIN_DIR/goctl" --version 2>/dev/null | grep -q "goctl version $GOCTL_VERSION "; then
  echo "setup: building goctl $GOCTL_VERSION (about a minute)"
  goctl_src="$(go mod download -json "github.com/zeromicro/go-zero/tools/goctl@v$GOCTL_VERSION" 2>/dev/null | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')"
  goctl_tmp="$(mktemp -d)"
  if [ -n "$goctl_src" ] && cp -R "$goctl_src/." "$goctl_tmp" && chmod -R u+w "$goctl_tmp" &&
    (cd "$goctl_tmp" && GOFLAGS=-mod=mod go build -o "$GOBIN_DIR/goctl" .); then
    :
  else
    echo "setup: could not build goctl $GOCTL_VERSION; the goctl-oracle test needs it in $GOBIN_DIR" >&2
  fi
  rm -rf "$goctl_tmp"
fi
# jongodb, a MongoDB-compatible server (Debian has none) for the MongoDB model tests: a native
# binary shipped in an npm package, installed into a cache folder, never as codegen's dependency
# (test/support/mongo.ts finds it there, and installs it itself when this step did not run).
JONGODB_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/codegen-test/jongodb"
if [ ! -x "$JONGODB_DIR/node_modules/@jongodb/memory-server-bin-linux-x64-gnu/bin/jongodb" ]; then
  echo "setup: installing jongodb (MongoDB-compatible server for the MongoDB model tests)"
  mkdir -p "$JONGODB_DIR" && npm install --prefix "$JONGODB_DIR" --no-save --no-audit --no-fund --no-package-lock @jongodb/memory-server-bin-linux-x64-gnu@0.1.6 >/dev/null ||
    echo "setup: could not install @jongodb/memory-server-bin-linux-x64-gnu; the MongoDB model tests install it themselves" >&2
fi
exit 0
