package taskservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/tasks/internal/svc"
	taskspb "example.com/tasks/pb/tasks"
)

type CompleteTaskLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewCompleteTaskLogic(ctx context.Context, svcCtx *svc.ServiceContext) *CompleteTaskLogic {
	return &CompleteTaskLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// CompleteTask implements tasks.v1.TaskService/CompleteTask.
func (l *CompleteTaskLogic) CompleteTask(in *taskspb.CompleteTaskRequest) (*taskspb.Task, error) {
	// todo: add your logic here and delete this line

	return &taskspb.Task{}, nil
}
