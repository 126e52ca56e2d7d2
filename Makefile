# schackpunkt: common tasks. Every target needs only the Rust toolchain (bench also reads
# ../shared/corpus when it is there, or BENCH_PGN=path).

CARGO ?= cargo
BIN = target/release/schackpunkt
SAMPLES = $(wildcard samples/*.pgn samples/*.md samples/*.fen)
# Book folders: each builds into samples/<folder>.brf.
SAMPLE_BOOKS = $(patsubst %/bok.yaml,%,$(wildcard samples/*/bok.yaml))

.PHONY: all build test samples options-doc bench lint fmt clean fuzz man completions

all: build

build:
	$(CARGO) build --release --locked

# The whole test suite: the same command as .ci/run and the README.
test:
	$(CARGO) test --locked

# Regenerates the committed outputs of the samples (a test fails when they are out of date).
samples: build
	for f in $(SAMPLES); do $(BIN) build $$f -o $${f%.*}.brf || exit 1; done
	for d in $(SAMPLE_BOOKS); do $(BIN) build $$d -o $$d.brf || exit 1; done

# The manual pages, one a command, made from the command line's definition (clap_mangen).
man: build
	$(BIN) man man/

# Shell completion scripts (clap_complete), into completions/.
completions: build
	mkdir -p completions
	for s in bash zsh fish; do $(BIN) completions $$s > completions/schackpunkt.$$s || exit 1; done

# Rewrites docs/options.md from the table of settings in src/settings.rs (a test fails when
# the two disagree).
options-doc:
	UPDATE_DOCS=1 $(CARGO) test --locked --lib options_doc

# End-to-end throughput of ordinary and compact transcription next to a plain
# pgn-reader + shakmaty replay of the same file, and peak memory.
bench:
	$(CARGO) bench --locked --bench throughput -- $(BENCH_PGN)

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --locked --all-targets -- -D warnings

fmt:
	$(CARGO) fmt --all

clean:
	$(CARGO) clean

# Fuzzing (cargo install cargo-fuzz): each target of fuzz/ for FUZZ_SECONDS, seeded with the
# samples and test data; new inputs are kept in fuzz/corpus/<target>, crashes in
# fuzz/artifacts/<target>. RUSTC_BOOTSTRAP lets cargo-fuzz's flags through on stable Rust.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = pgn fen markdown pipeline tags structured

fuzz:
	cd fuzz && for t in $(FUZZ_TARGETS); do \
		mkdir -p corpus/$$t && \
		RUSTC_BOOTSTRAP=1 cargo fuzz run -O $$t corpus/$$t ../samples ../tests/data -- \
			-max_total_time=$(FUZZ_SECONDS) -max_len=65536 -rss_limit_mb=2048 -timeout=10 \
			|| exit 1; \
	done
