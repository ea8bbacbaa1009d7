# Optional sugar: every recipe is a plain cargo command from the README.

# Run the main job.
run:
    cargo run --release -p hitlab -- run scenes/vera/rings.ron

# Run the tests (what CI runs).
test:
    cargo test --workspace

# Formatting and lints, warnings denied.
lint:
    cargo fmt --all -- --check
    cargo clippy --workspace --all-targets -- -D warnings

# Benchmarks.
bench:
    cargo bench --workspace
