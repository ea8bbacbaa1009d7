//! The SingleStepTests `z80` sample (6 cases for each of the 1,604 opcode files; MIT
//! licence in `data/LICENSE.z80`): each case sets up registers and memory, runs one
//! instruction, and compares every register, the internal latches MEMPTR (`wz`), Q (`q`),
//! the LD A,I/R latch (`p`) and the EI latch (`ei`), memory, the port accesses and the
//! T-state count (the length of `cycles`). The T-state at which each port access happens is
//! checked against the cycle that shows IORQ in the data. No case is excluded.

use cpu_z80::{Bus, Cpu};
use flate2::read::GzDecoder;
use serde::Deserialize;
use std::fmt::Write as _;
use std::io::{BufRead, BufReader};

#[derive(Deserialize)]
struct State {
    pc: u16,
    sp: u16,
    a: u8,
    b: u8,
    c: u8,
    d: u8,
    e: u8,
    f: u8,
    h: u8,
    l: u8,
    i: u8,
    r: u8,
    ei: u8,
    wz: u16,
    ix: u16,
    iy: u16,
    af_: u16,
    bc_: u16,
    de_: u16,
    hl_: u16,
    im: u8,
    p: u8,
    q: u8,
    iff1: u8,
    iff2: u8,
    ram: Vec<(u16, u8)>,
}

#[derive(Deserialize)]
struct Case {
    name: String,
    initial: State,
    #[serde(rename = "final")]
    expected: State,
    cycles: Vec<(Option<u16>, Option<u8>, String)>,
    #[serde(default)]
    ports: Vec<(u16, u8, String)>,
}

/// Flat memory plus the case's port script; records what the core does with it.
struct TestBus {
    mem: Vec<u8>,
    script: Vec<(u16, u8, String)>,
    next_port: usize,
    /// (port, value, 'r' or 'w', T-state at the access).
    seen: Vec<(u16, u8, char, u64)>,
}

impl Bus for TestBus {
    fn read(&mut self, addr: u16) -> u8 {
        self.mem[usize::from(addr)]
    }
    fn write(&mut self, addr: u16, value: u8) {
        self.mem[usize::from(addr)] = value;
    }
    fn input(&mut self, port: u16, t: u64) -> u8 {
        let value = match self.script.get(self.next_port) {
            Some((_, v, _)) => *v,
            None => 0xFF,
        };
        self.next_port += 1;
        self.seen.push((port, value, 'r', t));
        value
    }
    fn output(&mut self, port: u16, value: u8, t: u64) {
        self.next_port += 1;
        self.seen.push((port, value, 'w', t));
    }
}

fn load(cpu: &mut Cpu, s: &State) {
    cpu.pc = s.pc;
    cpu.sp = s.sp;
    cpu.a = s.a;
    cpu.f = s.f;
    cpu.b = s.b;
    cpu.c = s.c;
    cpu.d = s.d;
    cpu.e = s.e;
    cpu.h = s.h;
    cpu.l = s.l;
    cpu.i = s.i;
    cpu.r = s.r;
    cpu.ei = s.ei != 0;
    cpu.wz = s.wz;
    cpu.ix = s.ix;
    cpu.iy = s.iy;
    cpu.af_ = s.af_;
    cpu.bc_ = s.bc_;
    cpu.de_ = s.de_;
    cpu.hl_ = s.hl_;
    cpu.im = s.im;
    cpu.p = s.p != 0;
    cpu.q = s.q;
    cpu.iff1 = s.iff1 != 0;
    cpu.iff2 = s.iff2 != 0;
}

/// Runs one case; returns a description of every mismatch.
fn run(case: &Case) -> String {
    let mut cpu = Cpu::new();
    cpu.t = 1000;
    load(&mut cpu, &case.initial);
    let mut bus = TestBus {
        mem: vec![0; 0x10000],
        script: case.ports.clone(),
        next_port: 0,
        seen: Vec::new(),
    };
    for &(addr, v) in &case.initial.ram {
        bus.mem[usize::from(addr)] = v;
    }
    let start = cpu.t;
    let took = cpu.step(&mut bus);

    let mut err = String::new();
    let x = &case.expected;
    let mut check = |what: &str, got: u64, want: u64| {
        if got != want {
            let _ = write!(err, " {what}={got:#x} want {want:#x};");
        }
    };
    check("pc", cpu.pc.into(), x.pc.into());
    check("sp", cpu.sp.into(), x.sp.into());
    check("a", cpu.a.into(), x.a.into());
    check("f", cpu.f.into(), x.f.into());
    check("b", cpu.b.into(), x.b.into());
    check("c", cpu.c.into(), x.c.into());
    check("d", cpu.d.into(), x.d.into());
    check("e", cpu.e.into(), x.e.into());
    check("h", cpu.h.into(), x.h.into());
    check("l", cpu.l.into(), x.l.into());
    check("i", cpu.i.into(), x.i.into());
    check("r", cpu.r.into(), x.r.into());
    check("ei", u64::from(cpu.ei), x.ei.into());
    check("wz", cpu.wz.into(), x.wz.into());
    check("ix", cpu.ix.into(), x.ix.into());
    check("iy", cpu.iy.into(), x.iy.into());
    check("af_", cpu.af_.into(), x.af_.into());
    check("bc_", cpu.bc_.into(), x.bc_.into());
    check("de_", cpu.de_.into(), x.de_.into());
    check("hl_", cpu.hl_.into(), x.hl_.into());
    check("im", cpu.im.into(), x.im.into());
    check("p", u64::from(cpu.p), x.p.into());
    check("q", cpu.q.into(), x.q.into());
    check("iff1", u64::from(cpu.iff1), x.iff1.into());
    check("iff2", u64::from(cpu.iff2), x.iff2.into());
    check("t-states", took.into(), case.cycles.len() as u64);
    check("Cpu::t", cpu.t - start, case.cycles.len() as u64);
    for &(addr, v) in &x.ram {
        check(
            &format!("mem[{addr:#06x}]"),
            bus.mem[usize::from(addr)].into(),
            v.into(),
        );
    }
    // Only the bytes the case lists may change.
    let mut expected_mem = vec![0u8; 0x10000];
    for &(addr, v) in &case.initial.ram {
        expected_mem[usize::from(addr)] = v;
    }
    for &(addr, v) in &x.ram {
        expected_mem[usize::from(addr)] = v;
    }
    if let Some(addr) = (0..0x10000).find(|&a| bus.mem[a] != expected_mem[a]) {
        check(
            &format!("stray write {addr:#06x}"),
            bus.mem[addr].into(),
            expected_mem[addr].into(),
        );
    }

    // Port accesses: address, data, direction and the T-state of the IORQ cycle.
    let io_cycles: Vec<usize> = (0..case.cycles.len())
        .filter(|&i| case.cycles[i].2.contains('i'))
        .collect();
    check(
        "port accesses",
        bus.seen.len() as u64,
        case.ports.len() as u64,
    );
    for (k, (want, got)) in case.ports.iter().zip(&bus.seen).enumerate() {
        check(&format!("port#{k}"), got.0.into(), want.0.into());
        check(&format!("port#{k} value"), got.1.into(), want.1.into());
        let dir = want.2.chars().next().unwrap_or('?');
        check(
            &format!("port#{k} direction"),
            u64::from(got.2),
            u64::from(dir),
        );
        if let Some(&i) = io_cycles.get(k) {
            check(&format!("port#{k} t"), got.3 - start, i as u64);
        }
    }
    err
}

#[test]
fn single_step_tests_sample() {
    let file = std::fs::File::open(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/z80.jsonl.gz"
    ))
    .expect("test data");
    let mut cases = 0;
    let mut failures = Vec::new();
    for line in BufReader::new(GzDecoder::new(file)).lines() {
        let line = line.expect("gzip");
        let case: Case = serde_json::from_str(&line).expect("json");
        cases += 1;
        let err = run(&case);
        if !err.is_empty() {
            failures.push(format!("{}:{err}", case.name));
        }
    }
    assert_eq!(cases, 9624, "the sample has 9,624 cases");
    assert!(
        failures.is_empty(),
        "{} of {cases} cases fail:\n{}",
        failures.len(),
        failures
            .iter()
            .take(60)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
