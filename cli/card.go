package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/jsonout"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
)

// card is `parley card AGENT`.
func (r *runner) card(ctx context.Context, f *agentFlags, pos []string) int {
	r.useRaw(f.raw)
	if len(pos) != 1 {
		err := usagef("card", "the card command takes one agent (a URL or a config name), got %s", plural(len(pos), "argument"))
		return r.report(exitUsage, err, f.json, "")
	}
	ctx, cancel := r.withTimeout(ctx, f)
	defer cancel()
	ctx, _ = r.traced(ctx, pos[0], f)
	c, err := r.client(ctx, pos[0], f)
	if err != nil {
		return r.report(errorExit(ctx, err), timedOut(ctx, err, pos[0], ""), f.json, "")
	}
	public, publicCard := c.VerifyCard(ctx), c.Agent()
	// Signed in, the agent may show more in its extended card; without
	// credentials it refuses, and the public card is what there is.
	extended := false
	if ext, ok, err := session.WithExtendedCard(ctx, c); err == nil && ok {
		c, extended = ext, true
	}
	view := session.DescribeCard(ctx, c)
	session.AddInterfaces(view, publicCard.Interfaces)
	// The extended card is what is shown, so its signature is the one
	// shown, held to the public card that named its endpoint: the same
	// rule as the agents pane (a2aclient.VerifyExtendedCard).
	// A public card that did not verify is the cause to name, as it is.
	sig := public
	if extended && public.Status == a2aclient.SignatureVerified {
		sig = c.VerifyExtendedCard(ctx, public)
		if sig.Status == a2aclient.SignatureUnsigned {
			view.Warnings = append(view.Warnings, "The public card is signed and verifies; the extended card shown is not signed.")
		}
	}
	view.Signature = jsonout.SignatureToJSON(sig)
	if f.json {
		_ = writeJSONLine(r.env.Stdout, view)
	} else {
		printCard(r.env.Stdout, view)
	}
	if dir, err := r.directory(); err == nil && dir.RequiresSigned(pos[0], f.overrides()) && sig.Status != a2aclient.SignatureVerified {
		return r.report(exitUnverified, &a2aclient.UnverifiedCardError{Agent: pos[0], CardURL: view.CardURL, Signature: sig}, f.json, "")
	}
	return exitOK
}

// printCard shows a card to a person. Every field came from the agent,
// so each goes through termsafe.
func printCard(w io.Writer, v *jsonout.CardJSON) {
	row := func(label, value string) {
		if value != "" {
			fmt.Fprintf(w, "%-14s%s\n", label+":", termsafe.Clean(value))
		}
	}
	row("Name", termsafe.Line(v.Name))
	row("Description", indent(termsafe.Clean(v.Description), 14))
	row("Version", termsafe.Line(v.Version))
	if p := v.Provider; p != nil {
		row("Provider", strings.TrimSpace(termsafe.Line(p.Organization)+" "+paren(termsafe.Line(p.URL))))
	}
	row("Dialect", v.DialectLabel)
	ep := v.Endpoint
	row("Endpoint", termsafe.Line(ep.URL))
	row("Transport", strings.TrimSpace(termsafe.Line(ep.Transport)+" "+paren(versionNote(ep.ProtocolVersion))))
	// Every other interface the card declares, one a line, with its
	// binding and version, and a note on those parley does not speak.
	for k, i := range v.OtherInterfaces {
		label := ""
		if k == 0 {
			label = "Also at"
		}
		note := strings.TrimSpace(termsafe.Line(i.Transport) + " " + termsafe.Line(i.ProtocolVersion))
		if i.Dialect == "" || i.Dialect == string(a2aclient.DialectUnknown) {
			note += ", not spoken by parley"
		}
		if label == "" {
			fmt.Fprintf(w, "%-14s%s\n", "", termsafe.Line(i.URL)+" "+paren(note))
			continue
		}
		row(label, termsafe.Line(i.URL)+" "+paren(note))
	}
	row("Card", termsafe.Line(v.CardURL))
	row("Signature", signatureLine(v.Signature))
	caps := v.Capabilities.List()
	if len(caps) == 0 {
		caps = []string{"none declared"}
	}
	row("Capabilities", strings.Join(caps, ", "))
	row("Input modes", lineList(v.DefaultInputModes))
	row("Output modes", lineList(v.DefaultOutputModes))
	if len(v.Skills) > 0 {
		fmt.Fprintln(w, "Skills:")
		for _, s := range v.Skills {
			fmt.Fprintf(w, "  %s  %s\n", termsafe.Line(s.ID), termsafe.Line(s.Name))
			if s.Description != "" {
				fmt.Fprintf(w, "      %s\n", indent(termsafe.Clean(s.Description), 6))
			}
			if len(s.Tags) > 0 {
				fmt.Fprintf(w, "      tags: %s\n", lineList(s.Tags))
			}
			for _, e := range s.Examples {
				fmt.Fprintf(w, "      example: %s\n", termsafe.Line(e))
			}
			if len(s.InputModes) > 0 || len(s.OutputModes) > 0 {
				fmt.Fprintf(w, "      modes: in %s; out %s\n", orDefault(lineList(s.InputModes)), orDefault(lineList(s.OutputModes)))
			}
			if req := session.RequirementText(s.Security); req != "" {
				fmt.Fprintf(w, "      requires: %s\n", termsafe.Line(req))
			}
		}
	}
	if len(v.SecuritySchemes) > 0 {
		fmt.Fprintln(w, "Security:")
		for _, s := range v.SecuritySchemes {
			fmt.Fprintf(w, "  %s  %s\n", termsafe.Line(s.Name), termsafe.Line(s.Summary()))
		}
	}
	row("Requires", termsafe.Line(session.RequirementText(v.Security)))
	printExtensions(w, v)
	if len(v.Warnings) > 0 {
		fmt.Fprintln(w, "Warnings:")
		for _, msg := range v.Warnings {
			fmt.Fprintf(w, "  - %s\n", termsafe.Line(msg))
		}
	}
}

func paren(s string) string {
	if s == "" {
		return ""
	}
	return "(" + s + ")"
}

func versionNote(v string) string {
	if v == "" {
		return ""
	}
	return "protocol " + termsafe.Line(v)
}

func lineList(xs []string) string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = termsafe.Line(x)
	}
	return strings.Join(out, ", ")
}

func orDefault(s string) string {
	if s == "" {
		return "default"
	}
	return s
}

// indent continues a multi-line value under its first line.
func indent(s string, n int) string {
	s = strings.TrimSpace(s)
	return strings.ReplaceAll(s, "\n", "\n"+strings.Repeat(" ", n))
}

// signatureLine marks the outcome so that an invalid signature can never
// be read as a verified one: a check mark only for verified.
func signatureLine(s jsonout.SignatureJSON) string {
	switch s.Status {
	case "verified":
		out := "✓ " + s.Summary
		if s.DefaultsLeftOut {
			out += ", over the card without its empty and false values"
		}
		return termsafe.Line(out)
	case "invalid":
		return termsafe.Line("✗ invalid: " + s.Reason)
	}
	return termsafe.Line(s.Summary)
}

// printExtensions lists the extensions the card declares, which parley
// activates and which the agent confirmed on the endpoint check, and any
// it is asked to activate that the card does not declare.
func printExtensions(w io.Writer, v *jsonout.CardJSON) {
	declared := map[string]bool{}
	if len(v.Capabilities.Extensions) > 0 {
		fmt.Fprintln(w, "Extensions:")
	}
	for _, e := range v.Capabilities.Extensions {
		declared[e.URI] = true
		var marks []string
		if e.Required {
			marks = append(marks, "required")
		}
		switch {
		case e.Confirmed:
			marks = append(marks, "activated, confirmed by the agent")
		case e.Activated:
			marks = append(marks, "activated, not confirmed")
		case e.Required:
			marks = append(marks, "NOT activated")
		}
		fmt.Fprintf(w, "  %s  %s\n", termsafe.Line(e.URI), paren(strings.Join(marks, ", ")))
		if e.Description != "" {
			fmt.Fprintf(w, "      %s\n", indent(termsafe.Clean(e.Description), 6))
		}
	}
	var extra []string
	for _, uri := range v.Extensions {
		if !declared[uri] {
			extra = append(extra, uri)
		}
	}
	if len(extra) > 0 {
		row := "Also asked for: " + lineList(extra) + " (not declared by the card)"
		fmt.Fprintln(w, row)
	}
	if v.Tenant != "" {
		fmt.Fprintf(w, "%-14s%s\n", "Tenant:", termsafe.Line(v.Tenant))
	}
}
