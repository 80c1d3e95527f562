# Starhop: `make run` plays, `make test` checks. Both first install the Debian
# packages they need (with sudo only when not root).

SHELL := /bin/bash
CARGO ?= cargo
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Bevy's audio (ALSA) and gamepad (udev) back ends need these to build.
RUN_PACKAGES := pkg-config libasound2-dev libudev-dev
# The render check draws the game on a virtual display with Mesa's software
# Vulkan and checks the picture with a small Python script; the i18n crate's
# tests make the Traditional Chinese texts again with OpenCC; the packaging
# check validates the desktop entry and the AppStream metainfo.
TEST_PACKAGES := $(RUN_PACKAGES) xvfb xauth mesa-vulkan-drivers python3 opencc desktop-file-utils appstream

RENDER_CHECK := target/render-check.png
# Cargo's target directory (CARGO_TARGET_DIR or ./target), as a command.
TARGET_DIR = $(CARGO) metadata --format-version 1 --no-deps --locked | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])'

.PHONY: run test render-check lint bench perft screenshots docs dist deps-run deps-test deps-dist

run: deps-run
	$(CARGO) run -p starhop

test: deps-test
	@# Formatting is checked where rustfmt is installed (it is part of the usual toolchain).
	if $(CARGO) fmt --version >/dev/null 2>&1; then $(CARGO) fmt --all -- --check; \
	else echo "warning: rustfmt is not installed; formatting not checked" >&2; fi
	$(CARGO) test --workspace --locked
	@# The command-line tool end to end, the binary the tests built (a `cargo run`
	@# would build it again with other features): perft must find the 14 opening moves.
	out=$$($$($(TARGET_DIR))/debug/starhop-cli perft --size 4 --players 2 --depth 2) && grep -qx 'depth 1: 14' <<< "$$out"
	bash tools/check_packaging.sh
	$(MAKE) --no-print-directory render-check

# One real frame of the game, checked not blank, from the game as a player
# has it: the binary alone in an empty folder, started from `/`, so its
# sounds and fonts must come from inside it; the log must say that all the
# sounds loaded and that the Chinese font draws Chinese. It runs the
# `starhop` binary that `cargo test` already built (integration tests build
# it, with the test build's features), so Bevy is not compiled a second time.
render-check: deps-test
	mkdir -p $(dir $(RENDER_CHECK))
	$(CARGO) test -q --workspace --locked --no-run
	set -o pipefail; alone=$$(mktemp -d) && home=$$(mktemp -d) && shot=$(abspath $(RENDER_CHECK)) && \
	cp $$($(TARGET_DIR))/debug/starhop $$alone/ && \
	(cd / && STARHOP_HOME=$$home xvfb-run -a -s "-screen 0 1280x800x24" \
	  $$alone/starhop --screenshot $$shot --players 6 --moves 12 --lang zh) 2>&1 | tee $$alone/log && \
	{ grep -q "sounds: all 18 loaded (Embedded)" $$alone/log || { echo "render-check: the sounds did not load from inside the binary" >&2; exit 1; }; } && \
	{ grep -q "fonts: Latin true, Chinese true" $$alone/log || { echo "render-check: the fonts do not draw Latin and Chinese" >&2; exit 1; }; } && \
	rm -rf $$alone $$home
	python3 tools/png_check.py $(RENDER_CHECK)

lint: deps-run
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets --locked -- -D warnings

bench:
	$(CARGO) bench -p starhop-engine

perft:
	$(CARGO) run -q --release -p starhop-cli -- perft --size 4 --players 2 --depth 4

# The pictures in docs/manual/src/images/ (setup, games, the draw, the end and its celebration, party mode, food checkers,
# the home screen, the league's screens, the crossing challenge, network games, draughts and Halma).
screenshots: deps-test
	for shot in "setup --shot setup" "game --players 6 --moves 36" "end --players 2 --shot end" "draw --players 4 --shot draw --first rps" "party --shot party" "food --shot food-select" "food-table --shot food-table" "home --shot home" "profiles --shot profiles" "history --shot history" "tournament --shot tournament" "end-rated --shot end-rated" "celebrate --players 2 --shot celebrate" "replay --shot replay --players 3 --bots hard --moves 60" "race --load docs/race-example.json" "crossing --shot crossing" "crossing-hint --shot crossing-hint" "crossing-done --shot crossing-done" "online-join --shot online-join" "online-host --shot online-host" "online-game --shot online-game" "draughts --shot draughts" "draughts-capture --shot draughts-capture" "draughts-end --shot draughts-end" "draughts-setup --shot draughts-setup" "halma --shot halma" "halma-4 --shot halma-4" "halma-setup --shot halma-setup" "halma-end --shot halma-end"; do \
	  set -- $$shot; name=$$1; shift; \
	  STARHOP_HOME=$$(mktemp -d) xvfb-run -a -s "-screen 0 1280x800x24" \
	    $(CARGO) run -q -p starhop -- --screenshot docs/manual/src/images/screenshot-$$name.png "$$@" || exit 1; \
	done

# The player's manual, an mdBook, into docs/manual/book/ (mdbook is installed
# with cargo when it is not on PATH).
docs:
	@command -v mdbook >/dev/null || $(CARGO) install mdbook --locked
	PATH="$$PATH:$${CARGO_HOME:-$$HOME/.cargo}/bin" mdbook build docs/manual

# What a player downloads: a release build as a tarball and a Debian package
# in dist/. Not part of `make test`: a release build of Bevy takes too long
# for CI on two cores. cargo-deb is installed from crates.io when missing.
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
DIST_NAME := starhop-$(VERSION)-linux-$(shell uname -m)
DIST_PACKAGES := $(RUN_PACKAGES) dpkg-dev
dist: deps-dist
	$(CARGO) build --release --locked -p starhop -p starhop-cli
	command -v cargo-deb >/dev/null || $(CARGO) install cargo-deb --locked
	set -e; release=$$($(TARGET_DIR))/release; stage=dist/$(DIST_NAME); \
	rm -rf dist/man $$stage && mkdir -p dist/man $$stage/share/man/man6 $$stage/share/applications $$stage/share/metainfo $$stage/share/icons $$stage/licenses; \
	$$release/starhop --man-pages dist/man >/dev/null; $$release/starhop-cli man-pages dist/man >/dev/null; \
	gzip -9nf dist/man/*.6; \
	cp $$release/starhop $$release/starhop-cli README.md $$stage/; \
	cp dist/man/*.6.gz $$stage/share/man/man6/; \
	cp packaging/starhop.desktop $$stage/share/applications/; \
	cp packaging/starhop.metainfo.xml $$stage/share/metainfo/; \
	cp -r packaging/icons/hicolor $$stage/share/icons/; \
	cp LICENSE-MIT LICENSE-APACHE $$stage/licenses/; \
	cp assets/fonts/LICENSE-OFL.txt $$stage/licenses/fonts-OFL.txt; \
	cp assets/fonts/README.md $$stage/licenses/fonts-README.md; \
	cp assets/sounds/LICENSE.md $$stage/licenses/sounds-CC0.md; \
	tar -C dist -czf dist/$(DIST_NAME).tar.gz $(DIST_NAME); \
	$(CARGO) deb --no-build --no-strip -p starhop -o dist/; \
	ls -l dist/*.tar.gz dist/*.deb $$release/starhop $$release/starhop-cli

deps-dist:
	@$(MAKE) --no-print-directory install PACKAGES="$(DIST_PACKAGES)"

deps-run:
	@$(MAKE) --no-print-directory install PACKAGES="$(RUN_PACKAGES)"

deps-test:
	@$(MAKE) --no-print-directory install PACKAGES="$(TEST_PACKAGES)"

# Installs whichever of $(PACKAGES) are missing; does nothing where all are there.
install:
	@missing=""; \
	for p in $(PACKAGES); do \
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
