package a2aclient

import (
	"context"
	"fmt"
)

// operation is one of the operations a dialect may lack; a row of
// dialectTable lists those its dialect lacks as a set (lacks).
type operation uint16

const (
	opStream      operation = 1 << iota // message/stream and its kin
	opResubscribe                       // following a running task
	opCancel
	opListTasks
	opPushConfigs // setting, getting and listing push-notification configs
	opDeletePush
	opExtendedCard
)

// opNames word each operation in "… has no <name>".
var opNames = map[operation]string{
	opStream:       "streaming",
	opResubscribe:  "resubscribe",
	opCancel:       "cancel",
	opListTasks:    "task listing",
	opPushConfigs:  "push notifications",
	opDeletePush:   "push-notification config deletion",
	opExtendedCard: "authenticated extended card",
}

// The interfaces of the operations a dialect may lack, one each.
type (
	streamer interface {
		// stream delivers a message and streams the reply. An agent that
		// cannot stream answers ErrStreamingNotSupported.
		stream(ctx context.Context, req *SendRequest) (eventSource, error)
	}
	resubscriber interface {
		resubscribe(ctx context.Context, taskID string) (eventSource, error)
	}
	canceler interface {
		cancel(ctx context.Context, taskID string) (*Task, error)
	}
	taskLister interface {
		listTasks(ctx context.Context, req ListTasksRequest) (*TaskPage, error)
	}
	pushConfigurer interface {
		setPushConfig(ctx context.Context, cfg PushConfig) (*PushConfig, error)
		getPushConfig(ctx context.Context, taskID, configID string) (*PushConfig, error)
		listPushConfigs(ctx context.Context, taskID string) ([]PushConfig, error)
	}
	pushDeleter interface {
		deletePushConfig(ctx context.Context, taskID, configID string) error
	}
	extendedCarder interface {
		extendedCard(ctx context.Context) (*Agent, error)
	}
)

// lacked is the answer to op in a dialect whose row lacks it. A stream
// is refused as streaming, so that the client polls instead.
func lacked(d Dialect, op operation) error {
	if op == opStream || op == opResubscribe {
		return fmt.Errorf("%s: %w", d.Label(), ErrStreamingNotSupported)
	}
	return unsupported(d, opNames[op])
}

// callOp is callFor for an operation a dialect may lack: where the
// current dialect's row lacks op it is answered without asking;
// otherwise the binding, as the operation's interface B, runs it.
func callOp[B, T any](c *Client, op operation, f func(B) (T, error)) (T, error) {
	var out T
	err := c.call(op, func(b binding, d Dialect) error {
		ob, ok := b.(B)
		if !ok {
			return lacked(d, op) // a binding behind its row: the test says which
		}
		var err error
		out, err = f(ob)
		return err
	})
	return out, err
}
