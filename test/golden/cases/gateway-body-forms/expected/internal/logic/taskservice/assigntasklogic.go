package taskservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/tasks/internal/svc"
	taskspb "example.com/tasks/pb/tasks"
)

type AssignTaskLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewAssignTaskLogic(ctx context.Context, svcCtx *svc.ServiceContext) *AssignTaskLogic {
	return &AssignTaskLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// AssignTask implements tasks.v1.TaskService/AssignTask.
func (l *AssignTaskLogic) AssignTask(in *taskspb.AssignTaskRequest) (*taskspb.Task, error) {
	// todo: add your logic here and delete this line

	return &taskspb.Task{}, nil
}
