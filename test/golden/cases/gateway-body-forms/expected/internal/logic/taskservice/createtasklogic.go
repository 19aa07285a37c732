package taskservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/tasks/internal/svc"
	taskspb "example.com/tasks/pb/tasks"
)

type CreateTaskLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewCreateTaskLogic(ctx context.Context, svcCtx *svc.ServiceContext) *CreateTaskLogic {
	return &CreateTaskLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// CreateTask implements tasks.v1.TaskService/CreateTask.
func (l *CreateTaskLogic) CreateTask(in *taskspb.CreateTaskRequest) (*taskspb.Task, error) {
	// todo: add your logic here and delete this line

	return &taskspb.Task{}, nil
}
