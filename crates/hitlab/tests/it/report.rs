//! `hitlab report`: one self-contained HTML page with the compare tables and the charts.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;

use common::{hitlab, scene, scratch, stdout};
use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, XmlVersion};

/// The budget line's colour in the charts.
const BUDGET: &str = "#D62728";

/// An element: its name, attributes, and what it holds.
#[derive(Debug, Default)]
struct Node {
    name: String,
    attrs: BTreeMap<String, String>,
    children: Vec<Node>,
    text: String,
}

impl Node {
    fn attr(&self, k: &str) -> Option<&str> {
        self.attrs.get(k).map(String::as_str)
    }

    /// Every element below (and including) this one, depth first.
    fn all(&self) -> Vec<&Node> {
        let mut out = vec![self];
        for c in &self.children {
            out.extend(c.all());
        }
        out
    }

    /// All text below this element.
    fn all_text(&self) -> String {
        let mut s = self.text.clone();
        for c in &self.children {
            s.push_str(&c.all_text());
        }
        s
    }
}

fn node(e: &BytesStart<'_>) -> Node {
    Node {
        name: e.name().as_ref().to_owned(),
        attrs: e
            .attributes()
            .map(|a| {
                let a = a.expect("well-formed attribute");
                (
                    a.key.as_ref().to_owned(),
                    a.normalized_value(XmlVersion::Implicit1_0)
                        .expect("attribute value")
                        .into_owned(),
                )
            })
            .collect(),
        ..Node::default()
    }
}

/// Parses the page as XML: every tag must close in order, every attribute be quoted, every
/// entity be known. Returns the root element.
fn parse(page: &str) -> Node {
    let mut reader = Reader::from_str(page);
    reader.config_mut().check_end_names = true;
    let mut stack = vec![Node::default()];
    loop {
        match reader.read_event().expect("the page is well-formed XML") {
            Event::Start(e) => stack.push(node(&e)),
            Event::Empty(e) => stack.last_mut().unwrap().children.push(node(&e)),
            Event::End(_) => {
                let done = stack.pop().unwrap();
                stack
                    .last_mut()
                    .expect("no stray end tag")
                    .children
                    .push(done);
            }
            Event::Text(t) => stack.last_mut().unwrap().text.push_str(&t.xml10_content()),
            Event::GeneralRef(r) => {
                let name: &str = &r;
                let c = match name {
                    "amp" => "&",
                    "lt" => "<",
                    "gt" => ">",
                    "quot" => "\"",
                    "apos" | "#39" => "'",
                    other => panic!("unknown entity &{other};"),
                };
                stack.last_mut().unwrap().text.push_str(c);
            }
            Event::Eof => break,
            _ => {}
        }
    }
    assert_eq!(stack.len(), 1, "elements left open at the end");
    let mut top = stack.pop().unwrap().children;
    assert_eq!(top.len(), 1, "one root element");
    top.pop().unwrap()
}

/// A polyline's points.
fn points(line: &Node) -> Vec<(f64, f64)> {
    line.attr("points")
        .expect("points")
        .split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').expect("x,y");
            (x.parse().expect("a number"), y.parse().expect("a number"))
        })
        .collect()
}

/// The `y`s of a polyline's points.
fn ys(line: &Node) -> Vec<f64> {
    points(line).into_iter().map(|p| p.1).collect()
}

/// How wide a polyline is, in pixels: a legend's sample is short, a line across the plot
/// long.
fn span(line: &Node) -> f64 {
    let xs: Vec<f64> = points(line).into_iter().map(|p| p.0).collect();
    xs.iter().copied().fold(f64::MIN, f64::max) - xs.iter().copied().fold(f64::MAX, f64::min)
}

/// The y axis of a chart, from its tick labels: maps a value to the picture's y.
fn y_axis(chart: &Node) -> impl Fn(f64) -> f64 {
    let ticks: Vec<(f64, f64)> = chart
        .all()
        .into_iter()
        .filter(|n| n.name == "text" && n.attr("text-anchor") == Some("end"))
        .filter_map(|n| {
            let v: f64 = n.all_text().trim().replace(',', "").parse().ok()?;
            Some((v, n.attr("y")?.parse().ok()?))
        })
        .collect();
    assert!(ticks.len() >= 2, "y tick labels");
    let lo = ticks
        .iter()
        .copied()
        .fold(ticks[0], |a, b| if b.0 < a.0 { b } else { a });
    let hi = ticks
        .iter()
        .copied()
        .fold(ticks[0], |a, b| if b.0 > a.0 { b } else { a });
    move |v| lo.1 + (v - lo.0) * (hi.1 - lo.1) / (hi.0 - lo.0)
}

fn report(dir: &Path, args: &[&str]) -> std::process::Output {
    let mut all = vec!["report"];
    all.extend_from_slice(args);
    hitlab(dir, &all)
}

#[test]
fn the_msx_bands_page_has_the_tables_and_a_chart_for_every_method_and_routine() {
    let dir = scratch("report-bands");
    let bands = scene("msx/bands.ron");
    let o = report(
        &dir,
        &[
            bands.to_str().unwrap(),
            "--frames",
            "60",
            "-o",
            "bands.html",
        ],
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(stdout(&o).contains("60 frames"), "{}", stdout(&o));
    // Written under a temporary name, then renamed: nothing else is left beside it.
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names, ["bands.html"]);

    let page = std::fs::read_to_string(dir.join("bands.html")).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    // Self-contained: nothing fetched from elsewhere.
    for outside in ["http://", "https://", "src=", "<link", "<script", "url("] {
        let allowed = "xmlns=\"http://www.w3.org/2000/svg\"";
        let stripped = page.replace(allowed, "");
        assert!(
            !stripped.contains(outside),
            "the page refers outside: {outside}"
        );
    }
    let html = parse(&page);
    assert_eq!(html.name, "html");
    let all = html.all();

    // The compare's methods, as `compare --json` names them.
    let c = hitlab(
        &dir,
        &[
            "compare",
            bands.to_str().unwrap(),
            "--frames",
            "60",
            "--json",
        ],
    );
    let v: serde_json::Value = serde_json::from_slice(&c.stdout).expect("compare json");
    let methods: Vec<String> = v["methods"].as_object().unwrap().keys().cloned().collect();
    let routines: Vec<String> = v["routines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap().to_owned())
        .collect();
    assert!(methods.len() >= 10, "{methods:?}");
    assert!(routines.len() >= 4, "{routines:?}");

    // The tables: one row per method and per routine, with the compare's numbers.
    let table = |class: &str| {
        *all.iter()
            .find(|n| n.name == "table" && n.attr("class") == Some(class))
            .unwrap_or_else(|| panic!("a {class} table"))
    };
    let rows = |t: &Node| -> Vec<Vec<String>> {
        t.children
            .iter()
            .filter(|r| r.name == "tr" && r.children.iter().all(|c| c.name == "td"))
            .map(|r| r.children.iter().map(Node::all_text).collect())
            .collect()
    };
    let method_rows = rows(table("methods"));
    let mut named: Vec<_> = method_rows.iter().map(|r| r[0].clone()).collect();
    named.sort();
    let mut expected = methods.clone();
    expected.sort();
    assert_eq!(named, expected);
    let mask16 = method_rows.iter().find(|r| r[0] == "mask16").unwrap();
    let m = &v["methods"]["mask16"]["box"];
    assert_eq!(
        mask16[3],
        format!("{}/{}/{}", m["hits"], m["misses"], m["false_alarms"])
    );
    let routine_rows = rows(table("routines"));
    assert_eq!(
        routine_rows
            .iter()
            .map(|r| r[0].clone())
            .collect::<Vec<_>>(),
        routines
    );

    // The charts: every one an inline SVG in a figure that says what it shows.
    let figures: Vec<&Node> = all.iter().copied().filter(|n| n.name == "figure").collect();
    let charts_of = |kind: &str| -> Vec<&Node> {
        figures
            .iter()
            .copied()
            .filter(|f| f.attr("data-kind") == Some(kind))
            .collect()
    };
    for f in &figures {
        let svgs: Vec<_> = f.children.iter().filter(|c| c.name == "svg").collect();
        assert_eq!(svgs.len(), 1, "one svg in {:?}", f.attr("data-name"));
        assert_eq!(svgs[0].attr("xmlns"), Some("http://www.w3.org/2000/svg"));
    }
    let names = |fs: &[&Node]| -> Vec<String> {
        fs.iter()
            .map(|f| f.attr("data-name").unwrap().to_owned())
            .collect()
    };
    let misses = charts_of("misses");
    let mut miss_names = names(&misses);
    miss_names.sort();
    assert_eq!(miss_names, expected, "one misses chart per method");
    let cycles = charts_of("cycles");
    assert_eq!(names(&cycles), routines, "one cycles chart per routine");
    assert_eq!(charts_of("cycles-all").len(), 1);

    // The budget: the machine's 59,736 cycles, a level line in every cycles chart, above
    // the routines' lines, and named in the legend.
    let budget = v["routines"][0]["cycles_per_frame"].as_u64().unwrap();
    assert_eq!(budget, 59_736);
    for f in cycles.iter().chain(&charts_of("cycles-all")) {
        let svg = f.all();
        let lines: Vec<&Node> = svg
            .iter()
            .copied()
            .filter(|n| n.name == "polyline")
            .collect();
        let level: Vec<_> = lines
            .iter()
            .filter(|l| l.attr("stroke") == Some(BUDGET) && span(l) > 100.0)
            .map(|l| ys(l))
            .collect();
        assert_eq!(
            level.len(),
            1,
            "one budget line in {:?}",
            f.attr("data-name")
        );
        assert!(level[0].len() >= 2 && level[0].iter().all(|y| *y == level[0][0]));
        // ... at the budget's height on the chart's own axis.
        let y_of = y_axis(f);
        assert!(
            (level[0][0] - y_of(budget as f64)).abs() <= 2.0,
            "budget line at y {} where the axis puts {budget} at {}",
            level[0][0],
            y_of(budget as f64)
        );
        let text: String = f.all_text();
        assert!(text.contains("frame budget 59,736 cycles"), "{text}");
        // Every other line is a routine: 60 frames, all below the budget (smaller cycles
        // are lower in the picture, so larger y).
        let others: Vec<_> = lines
            .iter()
            .filter(|l| l.attr("stroke") != Some(BUDGET) && span(l) > 100.0)
            .map(|l| ys(l))
            .filter(|ys| ys.len() > 2) // not an axis
            .collect();
        assert!(!others.is_empty());
        for p in &others {
            assert_eq!(p.len(), 60);
            assert!(p.iter().all(|y| *y > level[0][0]));
        }
        // A routine's own chart: its line sits at its median cycles.
        if f.attr("data-kind") == Some("cycles") {
            let name = f.attr("data-name").unwrap();
            let r = v["routines"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["name"] == name)
                .unwrap();
            let median = r["cycles"]["median"].as_f64().unwrap();
            assert_eq!(others.len(), 1, "{name}: one routine line");
            let mut line = others[0].clone();
            line.sort_by(f64::total_cmp);
            let at = line[line.len() / 2];
            assert!(
                (at - y_of(median)).abs() <= 3.0,
                "{name}: line's middle at y {at}, the median {median} at {}",
                y_of(median)
            );
        }
    }
    // mask16 misses: its chart's caption says so; a method that misses nothing says that.
    let caption = |name: &str| {
        misses
            .iter()
            .find(|f| f.attr("data-name") == Some(name))
            .unwrap()
            .children
            .iter()
            .find(|c| c.name == "figcaption")
            .unwrap()
            .all_text()
    };
    assert!(
        caption("mask16").starts_with("Missed on"),
        "{}",
        caption("mask16")
    );
    assert_eq!(caption("half-pairs"), "No box-truth pair missed.");
}

#[test]
fn bad_input_is_exit_3_an_unwritable_page_2_and_both_leave_nothing() {
    let dir = scratch("report-bad");
    let bands = scene("msx/bands.ron");
    std::fs::write(dir.join("broken.ron"), "(this is not a scene").unwrap();
    let o = report(&dir, &["broken.ron", "-o", "out.html"]);
    assert_eq!(o.status.code(), Some(3));
    let o = report(&dir, &["missing.ron", "-o", "out.html"]);
    assert_eq!(o.status.code(), Some(3));
    let o = report(
        &dir,
        &[
            bands.to_str().unwrap(),
            "--frames",
            "2",
            "-o",
            "no/such/dir/out.html",
        ],
    );
    // An output that cannot be written is usage (exit 2), as for every command.
    assert_eq!(o.status.code(), Some(2));
    // A folder where the page should go.
    std::fs::create_dir(dir.join("taken.html")).unwrap();
    let o = report(
        &dir,
        &[bands.to_str().unwrap(), "--frames", "2", "-o", "taken.html"],
    );
    assert_eq!(o.status.code(), Some(2));
    let mut left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    left.sort();
    assert_eq!(left, ["broken.ron", "taken.html"]);
}

#[test]
fn usage_errors_are_exit_2() {
    let dir = scratch("report-usage");
    let bands = scene("msx/bands.ron");
    let b = bands.to_str().unwrap();
    for args in [
        vec![b],
        vec![b, "-o", "x.html", "--frames", "0"],
        vec![b, "-o", "x.html", "--methods", "no-such-method"],
        vec!["-o", "x.html"],
    ] {
        let o = report(&dir, &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn a_machine_without_routines_charts_its_whole_frame_against_the_budget() {
    let dir = scratch("report-labyrinth");
    let maze = scene("vectrex/labyrinth.ron");
    let o = report(
        &dir,
        &[maze.to_str().unwrap(), "--frames", "20", "-o", "maze.html"],
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let page = std::fs::read_to_string(dir.join("maze.html")).unwrap();
    let html = parse(&page);
    let figures: Vec<&Node> = html
        .all()
        .into_iter()
        .filter(|n| n.name == "figure")
        .collect();
    let kinds = |k: &str| {
        figures
            .iter()
            .filter(|f| f.attr("data-kind") == Some(k))
            .count()
    };
    assert_eq!(kinds("cycles"), 0);
    assert_eq!(kinds("frame-cycles"), 1);
    assert!(kinds("misses") >= 10);
    assert!(page.contains("frame budget 30,000 cycles"));
    // The labyrinth's wall routines ran on the 6809 (walls.bin): the page says so.
    assert!(
        !page.contains("No target-code routine ran on this machine."),
        "walls.bin ran"
    );
    assert!(page.contains("the wall routines of <code>roms/vectrex/code/walls.bin</code> ran"));
    // One set of wall numbers: the measured ones; no counted estimate beside them.
    assert!(page.contains("cycles measured"));
    assert!(!page.contains("cycles counted"));
}
