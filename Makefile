# Starhop: `make run` plays, `make test` checks. Both first install the Debian
# packages the build needs (with sudo only when not root).

SHELL := /bin/bash
CARGO ?= cargo
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Bevy's audio (ALSA) and gamepad (udev) back ends need these to build.
RUN_PACKAGES := pkg-config libasound2-dev libudev-dev

.PHONY: run test lint bench deps perft

run: deps
	$(CARGO) run -p starhop

test: deps
	$(CARGO) fmt --all -- --check
	$(CARGO) test --workspace --locked
	@# The command-line tool end to end: perft must find the 14 opening moves.
	out=$$($(CARGO) run -q -p starhop-cli --locked -- perft --size 4 --players 2 --depth 2) && grep -qx 'depth 1: 14' <<< "$$out"

lint: deps
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets --locked -- -D warnings

bench:
	$(CARGO) bench -p starhop-engine

perft:
	$(CARGO) run -q --release -p starhop-cli -- perft --size 4 --players 2 --depth 4

# Installs whichever of the packages are missing; does nothing where all are there.
deps:
	@missing=""; \
	for p in $(RUN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if command -v apt-get >/dev/null; then \
	    echo "Installing:$$missing"; \
	    $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	  else \
	    echo "warning: no apt-get; please install:$$missing" >&2; \
	  fi; \
	fi
